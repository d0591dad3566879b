import type { Access } from './grants';

/**
 * The permissions of the users this process answers, cached so that a request costs no query for them
 * (issue 22 asks the permission check's own p95 to be at most 1 ms). Every change of grants, roles or a
 * user's disabled mark is announced on the event channel ('access-changed', ./grants.ts) and clears the
 * cache on every process. While the channel is not listened to, an announcement could be missed, so the
 * cache is bypassed (every request loads) and cleared when listening resumes.
 */

export interface AccessCache {
  /** The user's access with these groups (from the identity provider; none for an API token). */
  get(user: string, groups: readonly string[]): Promise<Access>;
  /** Forgets everything: grants, roles or users changed. */
  clear(): void;
}

export interface AccessCacheOptions {
  load: (user: string, groups: readonly string[]) => Promise<Access>;
  /** Whether every announcement reaches this process now (LISTEN is in place). */
  announcementsHeard: () => boolean;
  /** Past this many users (and group sets), the cache starts again empty. */
  maxEntries?: number;
}

export function createAccessCache({ load, announcementsHeard, maxEntries = 10_000 }: AccessCacheOptions): AccessCache {
  // Promises, so concurrent requests of one user share one load; a load that fails is not kept.
  const cached = new Map<string, Promise<Access>>();
  return {
    get(user, groups) {
      if (!announcementsHeard()) return load(user, groups);
      const key = JSON.stringify([user, [...groups].sort()]);
      const known = cached.get(key);
      if (known) return known;
      if (cached.size >= maxEntries) cached.clear();
      const loading = load(user, groups);
      cached.set(key, loading);
      loading.catch(() => {
        if (cached.get(key) === loading) cached.delete(key);
      });
      return loading;
    },
    clear: () => cached.clear(),
  };
}
