import { describe, expect, it } from 'vitest';
import { effectivePermissions, roleTable } from '../../core/permissions';
import { createAccessCache } from '../../server/access/accessCache';
import type { Access } from '../../server/access/grants';

/** The team server's cache of users' permissions (server/access/accessCache.ts). */

function counted() {
  const loads: string[] = [];
  let failNext = false;
  const load = async (user: string, groups: readonly string[]): Promise<Access> => {
    loads.push(`${user} ${groups.join(',')}`);
    if (failNext) {
      failNext = false;
      throw new Error('database away');
    }
    return { user, groups: [...groups], grants: [], permissions: effectivePermissions([], roleTable([])) };
  };
  return { loads, load, failOnce: () => (failNext = true) };
}

describe('the access cache', () => {
  it('loads a user with a set of groups once, for requests at the same time too, until cleared', async () => {
    const { loads, load } = counted();
    const cache = createAccessCache({ load, announcementsHeard: () => true });
    await Promise.all([cache.get('a@example.com', ['x', 'y']), cache.get('a@example.com', ['y', 'x'])]);
    await cache.get('a@example.com', ['x', 'y']);
    await cache.get('a@example.com', []);
    expect(loads).toEqual(['a@example.com x,y', 'a@example.com ']);
    cache.clear();
    await cache.get('a@example.com', ['x', 'y']);
    expect(loads).toHaveLength(3);
  });

  it('loads every time while announcements of changes may be missed', async () => {
    const { loads, load } = counted();
    let heard = false;
    const cache = createAccessCache({ load, announcementsHeard: () => heard });
    await cache.get('a@example.com', []);
    await cache.get('a@example.com', []);
    expect(loads).toHaveLength(2);
    heard = true;
    await cache.get('a@example.com', []);
    await cache.get('a@example.com', []);
    expect(loads).toHaveLength(3);
  });

  it('keeps no failed load, and starts again empty past its size', async () => {
    const { loads, load, failOnce } = counted();
    const cache = createAccessCache({ load, announcementsHeard: () => true, maxEntries: 2 });
    failOnce();
    await expect(cache.get('a@example.com', [])).rejects.toThrow('database away');
    await cache.get('a@example.com', []);
    expect(loads).toHaveLength(2);
    await cache.get('b@example.com', []);
    await cache.get('c@example.com', []);
    await cache.get('a@example.com', []);
    expect(loads).toEqual(['a@example.com ', 'a@example.com ', 'b@example.com ', 'c@example.com ', 'a@example.com ']);
  });
});
