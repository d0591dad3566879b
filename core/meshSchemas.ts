import { z } from 'zod';

/** Response shapes of the mesh and faceted-search services (editor spec §3 and §7), shared by their clients and the IPC contract. Extra fields are allowed (and dropped). */

export interface CategoryNode {
  name: string;
  path: string;
  productCount: number;
  children: CategoryNode[];
}
export const CategoryNodeSchema: z.ZodType<CategoryNode> = z.object({
  name: z.string(),
  path: z.string(),
  productCount: z.number().int().nonnegative(),
  children: z.lazy(() => z.array(CategoryNodeSchema)),
});
export const CategoryTreeSchema = z.array(CategoryNodeSchema);

export const LandingPageSchema = z.object({ ID: z.string(), name: z.string(), channels: z.array(z.string()) });
export const LandingPagesSchema = z.array(LandingPageSchema);
export type LandingPage = z.infer<typeof LandingPageSchema>;

export const MeshFacetSchema = z.object({
  /** The facet's query name, as in facet:{name}={value}. */
  name: z.string(),
  displayName: z.string(),
  values: z.array(z.object({ displayName: z.string(), value: z.string(), count: z.number().int().nonnegative() })),
});
export type MeshFacet = z.infer<typeof MeshFacetSchema>;

export const CategoryProductsSchema = z.object({
  count: z.number().int().nonnegative(),
  path: z.string(),
  facets: z.array(MeshFacetSchema),
  breadCrumbs: z.array(z.object({ name: z.string(), path: z.string() })),
});
export type CategoryProducts = z.infer<typeof CategoryProductsSchema>;

export const MeshSearchSchema = z.object({ count: z.number().int().nonnegative(), facets: z.array(MeshFacetSchema) });
export type MeshSearch = z.infer<typeof MeshSearchSchema>;

export const FhSearchSchema = z.object({
  totalItems: z.number().int().nonnegative(),
  facets: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      values: z.array(z.object({ id: z.string(), label: z.string(), count: z.number().int(), selected: z.boolean() })),
    }),
  ),
  breadcrumbs: z.array(z.object({ label: z.string(), location: z.string() })),
  query: z.string(),
});
export type FhSearch = z.infer<typeof FhSearchSchema>;
