import {
  isOpenRelease,
  RELEASE_STATUSES,
  type Release,
  type ReleaseAnswer,
  type ReleaseCollision,
  type ReleaseItem,
  type ReleaseItemState,
  type ReleaseListAnswer,
  type ReleaseStatus,
  type ReleaseSummary,
} from '../../core/releases';
import type { PageKey } from '../../core/schemas';
import { PAGE_KEY_FIELDS, pageBounds, pageKeyId, type Paging } from '../../core/store';
import type { ReleaseEvent } from '../../core/teamProtocol';
import { notify, type Queryable } from '../db/database';

/**
 * Releases in PostgreSQL (migration 010): reading them with their items and collisions, and the row-level
 * writes the routes and the moves (./moves.ts) make inside their transactions.
 */

/** A release's row as the moves need it, beside its summary. */
export interface ReleaseRow extends ReleaseSummary {
  revision: number;
  scheduledGroups: string[];
  movingBy: string | null;
  movingGroups: string[];
  goingLiveAt: string | null;
}

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const ROW_COLUMNS = `r.id, r.name, r.status, ${ISO('r.scheduled_for')} AS "scheduledFor", r.scheduled_by AS "scheduledBy",
  r.created_by AS "createdBy", ${ISO('r.created_at')} AS "createdAt", ${ISO('r.updated_at')} AS "updatedAt",
  ${ISO('r.went_live_at')} AS "wentLiveAt", ${ISO('r.rolled_back_at')} AS "rolledBackAt", r.note,
  (SELECT count(*)::integer FROM release_items i WHERE i.release_id = r.id) AS "itemCount",
  r.schedule_revision AS revision, r.scheduled_groups AS "scheduledGroups", r.moving_by AS "movingBy",
  r.moving_groups AS "movingGroups", ${ISO('r.going_live_at')} AS "goingLiveAt"`;

const KEY_COLUMNS = PAGE_KEY_FIELDS.map((field) => `i.${field}`).join(', ');

export function summaryOf(row: ReleaseRow): ReleaseSummary {
  const { id, name, status, scheduledFor, scheduledBy, createdBy, createdAt, updatedAt } = row;
  const { wentLiveAt, rolledBackAt, note, itemCount } = row;
  return {
    id,
    name,
    status,
    scheduledFor,
    scheduledBy,
    createdBy,
    createdAt,
    updatedAt,
    wentLiveAt,
    rolledBackAt,
    note,
    itemCount,
  };
}

/** The release's row, locked until the transaction ends when `lock` (moves and changes take turns on it). */
export async function releaseRow(db: Queryable, id: number, lock = false): Promise<ReleaseRow | null> {
  const { rows } = await db.query<ReleaseRow>(
    `SELECT ${ROW_COLUMNS} FROM releases r WHERE r.id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return rows[0] ?? null;
}

/** The release's items, in page key order. */
export async function releaseItems(db: Queryable, id: number): Promise<ReleaseItemState[]> {
  const { rows } = await db.query<PageKey & { version: number; liveBefore: number | null }>(
    `SELECT ${KEY_COLUMNS}, i.version, i.live_before AS "liveBefore" FROM release_items i
      WHERE i.release_id = $1 ORDER BY ${KEY_COLUMNS}`,
    [id],
  );
  return rows.map(({ version, liveBefore, ...key }) => ({ pageKey: pageKeyOf(key), version, liveBefore }));
}

/** Each item whose page × country other open releases hold too, with those releases. */
export async function releaseCollisions(db: Queryable, id: number): Promise<ReleaseCollision[]> {
  const { rows } = await db.query<PageKey & { releases: { id: number; name: string }[] }>(
    `SELECT ${KEY_COLUMNS}, json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.id) AS releases
       FROM release_items i
       JOIN release_items o USING (${PAGE_KEY_FIELDS.join(', ')})
       JOIN releases r ON r.id = o.release_id
      WHERE i.release_id = $1 AND o.release_id <> $1 AND r.status = ANY($2::text[])
      GROUP BY ${KEY_COLUMNS} ORDER BY ${KEY_COLUMNS}`,
    [id, OPEN_STATUSES],
  );
  return rows.map(({ releases, ...key }) => ({ pageKey: pageKeyOf(key), releases }));
}

const OPEN_STATUSES = RELEASE_STATUSES.filter(isOpenRelease);

/** The release whole, with its collisions (an open release only collides); null when there is none. */
export async function releaseAnswer(db: Queryable, id: number, unscheduled = false): Promise<ReleaseAnswer | null> {
  const row = await releaseRow(db, id);
  if (!row) return null;
  const release: Release = { ...summaryOf(row), items: await releaseItems(db, id) };
  const collisions = isOpenRelease(row.status) ? await releaseCollisions(db, id) : [];
  return { release, collisions, unscheduled };
}

/** Releases newest first, paged like every listing. */
export async function listReleases(db: Queryable, paging: Paging): Promise<ReleaseListAnswer> {
  const { limit, offset } = pageBounds(paging);
  const [rows, count] = await Promise.all([
    db.query<ReleaseRow>(
      `SELECT ${ROW_COLUMNS} FROM releases r ORDER BY r.created_at DESC, r.id DESC LIMIT $1 OFFSET $2`,
      [limit, offset],
    ),
    db.query<{ total: number }>('SELECT count(*)::integer AS total FROM releases'),
  ]);
  return { releases: rows.rows.map(summaryOf), total: count.rows[0]?.total ?? 0 };
}

/** A new draft; null when a release of that name (whatever its case) exists. */
export async function insertRelease(db: Queryable, name: string, by: string): Promise<number | null> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO releases (name, created_by) VALUES ($1, $2) ON CONFLICT ((lower(name))) DO NOTHING RETURNING id`,
    [name, by],
  );
  return rows[0]?.id ?? null;
}

/** Removes items, then adds items or changes their version; answers how many it holds after. */
export async function writeItems(
  db: Queryable,
  id: number,
  set: readonly ReleaseItem[],
  remove: readonly PageKey[],
): Promise<number> {
  const column = (keys: readonly PageKey[], field: keyof PageKey) => keys.map((key) => key[field]);
  if (remove.length > 0) {
    await db.query(
      `DELETE FROM release_items i USING unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
                AS gone (fascia, country, page, source, platform)
        WHERE i.release_id = $1 AND (${KEY_COLUMNS}) = (gone.fascia, gone.country, gone.page, gone.source, gone.platform)`,
      [id, ...PAGE_KEY_FIELDS.map((field) => column(remove, field))],
    );
  }
  if (set.length > 0) {
    // One row per page × country: an item named twice takes its last version (one INSERT cannot write a row twice).
    const items = [...new Map(set.map((item) => [pageKeyId(item.pageKey), item])).values()];
    const keys = items.map((item) => item.pageKey);
    await db.query(
      `INSERT INTO release_items (release_id, fascia, country, page, source, platform, version)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::integer[])
       ON CONFLICT (release_id, fascia, country, page, source, platform)
       DO UPDATE SET version = EXCLUDED.version, live_before = NULL`,
      [id, ...PAGE_KEY_FIELDS.map((field) => column(keys, field)), items.map((item) => item.version)],
    );
  }
  const { rows } = await db.query<{ count: number }>(
    'SELECT count(*)::integer AS count FROM release_items WHERE release_id = $1',
    [id],
  );
  return rows[0]?.count ?? 0;
}

/** Of these items, the ones whose version is not a content version of its page (with the kind it is, or null). */
export async function unusableItems(
  db: Queryable,
  items: readonly ReleaseItem[],
): Promise<{ item: ReleaseItem; kind: 'bookmark' | null }[]> {
  if (items.length === 0) return [];
  const keys = items.map((item) => item.pageKey);
  const { rows } = await db.query<{ index: number; kind: 'bookmark' | null }>(
    `SELECT wanted.index::integer AS index, v.kind
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::integer[])
            WITH ORDINALITY AS wanted (fascia, country, page, source, platform, version, index)
       LEFT JOIN versions v USING (fascia, country, page, source, platform, version)
      WHERE v.kind IS DISTINCT FROM 'content' ORDER BY wanted.index`,
    [...PAGE_KEY_FIELDS.map((field) => keys.map((key) => key[field])), items.map((item) => item.version)],
  );
  return rows.map(({ index, kind }) => ({ item: items[index - 1]!, kind }));
}

/** Changes the release's row (the columns given, and updated_at) and announces the release event. */
export async function updateRelease(
  db: Queryable,
  row: Pick<ReleaseRow, 'id' | 'name'>,
  changes: Record<string, unknown>,
  status: ReleaseStatus,
): Promise<void> {
  const columns = Object.keys(changes);
  const sets = columns.map((column, index) => `${column} = $${index + 3}`);
  await db.query(
    `UPDATE releases SET status = $2, ${[...sets, "updated_at = date_trunc('milliseconds', clock_timestamp())"].join(', ')}
      WHERE id = $1`,
    [row.id, status, ...columns.map((column) => changes[column])],
  );
  await announceRelease(db, { id: row.id, name: row.name, status });
}

/** The release event, sent when the transaction commits. */
export function announceRelease(db: Queryable, release: Omit<ReleaseEvent, 'type'>): Promise<void> {
  return notify(db, [{ type: 'release', ...release }]);
}

export function pageKeyOf({ fascia, country, page, source, platform }: PageKey): PageKey {
  return { fascia, country, page, source, platform };
}
