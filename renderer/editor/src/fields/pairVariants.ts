/** The two variants of a desktop and mobile pair (images, aspect ratios), as the fields name them. */
export const VARIANTS = ['desktop', 'mobile'] as const;
export const VARIANT_NAMES = { desktop: 'Desktop', mobile: 'Mobile' } as const;

export type Variant = (typeof VARIANTS)[number];
