import type { Path } from '../../../../core/rules/paths';

/** How every field editor writes: the new value at a path inside the component's content. */
export type FieldChange = (path: Path, value: unknown) => void;

export const samePath = (a: Path, b: Path): boolean => a === b || (a.length === b.length && a.every((key, i) => key === b[i]));
