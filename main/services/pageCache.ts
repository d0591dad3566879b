import { join } from 'node:path';
import { z } from 'zod';
import { contentHash } from '../../core/rules/hash';
import { bookmarkFor } from '../../core/rules/page';
import {
  PageContentSchema,
  PageKeySchema,
  VersionSummarySchema,
  type PageKey,
  type PageSummary,
} from '../../core/schemas';
import { writeFileAtomic } from './atomicFile';
import { createJsonFolder } from './jsonFolder';
import { createKeyedQueue } from './keyedQueue';

/**
 * The pages this desktop opened from the team server, each with its latest version as last seen
 * (<data>/page-cache, one file per page, written atomically). While the server cannot be reached, the
 * dashboard lists them and the editor opens them from here; their drafts are in the draft store as always.
 */

const CachedPageSchema = z.object({
  key: PageKeySchema,
  content: PageContentSchema,
  version: VersionSummarySchema,
  cachedAt: z.string(),
});
export type CachedPage = z.infer<typeof CachedPageSchema>;

export interface PageCache {
  get(key: PageKey): Promise<CachedPage | null>;
  put(page: Omit<CachedPage, 'cachedAt'>): Promise<void>;
  /** Every cached page as a listing row; a file that cannot be read is skipped (it is only a cache). */
  list(): Promise<PageSummary[]>;
}

export function createPageCache(dir: string, now: () => Date = () => new Date()): PageCache {
  const enqueue = createKeyedQueue();
  const nameOf = (key: PageKey): string => `${contentHash(bookmarkFor(key))}.json`;
  const fileOf = (key: PageKey): string => join(dir, nameOf(key));
  // Only a copy of what the server has: a file that cannot be read is passed over, and written again next time.
  const folder = createJsonFolder({
    dir,
    files: /^[0-9a-f]{16}\.json$/,
    schema: CachedPageSchema,
    policy: 'ignore',
    reason: () => 'not a cached page',
  });
  const read = async (name: string): Promise<CachedPage | null> => (await folder.read(name))?.value ?? null;

  return {
    get: async (key) => {
      const cached = await read(nameOf(key));
      return cached && bookmarkFor(cached.key) === bookmarkFor(key) ? cached : null;
    },
    put: (page) =>
      enqueue(fileOf(page.key), async () => {
        const current = await read(nameOf(page.key));
        // An older version arriving late (a slow listing) never replaces a newer one.
        if (current && current.version.version > page.version.version) return;
        await writeFileAtomic(fileOf(page.key), JSON.stringify({ ...page, cachedAt: now().toISOString() }));
      }),
    list: async () => {
      const pages = await Promise.all((await folder.names().catch(() => [])).map(read));
      return pages
        .filter((page): page is CachedPage => page !== null)
        .map(({ key, content, version }) => ({
          key,
          category: content.category,
          author: version.author,
          timestamp: version.timestamp,
          hash: version.hash,
          version: version.version,
        }));
    },
  };
}
