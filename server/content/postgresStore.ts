import type { LiveEntry } from '../../core/live';
import type { LiveState, PageKey, PageSummary, VersionSummary } from '../../core/schemas';
import { AUDIT_ACTIONS, type SavedEvent } from '../../core/teamProtocol';
import {
  LISTING_KEY_ORDER,
  LiveChangeError,
  PAGE_KEY_FIELDS,
  conflictOf,
  goLiveRefusal,
  keyOf,
  pageBounds,
  pageSummary,
  repeatedSave,
  rollBackRefusal,
  stampSave,
  versionSummary,
  type ContentStore,
  type LiveMoveInput,
  type PageListing,
  type PageQuery,
  type Paging,
  type SaveInput,
  type SaveResult,
  type StoredVersion,
  type VersionKind,
} from '../../core/store';
import { scopeCondition } from '../access/scopeSql';
import { EVENTS_CHANNEL, type Database, type Queryable } from '../db/database';

/**
 * The team server's content store (issue 12): versions as immutable rows in PostgreSQL (schema in
 * server/db/migrations/). A save locks its page's row, so the stale-base check and the insert are decided by
 * the database for any number of server processes; the saved event is sent with pg_notify in the same
 * transaction, so listeners hear of a save only once it is committed.
 */

const KEY_COLUMNS = PAGE_KEY_FIELDS.join(', ');
const KEY_MATCH = PAGE_KEY_FIELDS.map((field, index) => `${field} = $${index + 1}`).join(' AND ');
const keyValues = (key: PageKey) => PAGE_KEY_FIELDS.map((field) => key[field]);
/** A version's columns as a VersionSummary. */
const SUMMARY_COLUMNS = 'version, kind, hash, author, timestamp, message AS "commitMessage"';
/** save_version's 17 parameters. */
const SAVE_PARAMETERS = Array.from({ length: 17 }, (_, index) => `$${index + 1}`).join(', ');
/**
 * A save and its audit entry (migration 005) in one statement, so they commit together and the save costs no
 * more round trips: the entry names the outcome (saved, repeat, conflict) and the version it concerns (the new
 * one, the one the save id made, or the newest one the save conflicted with). $1-$5 are the page key, $6 the
 * kind, $7 the author (the actor); $18-$20 the client.
 */
const SAVE_AND_AUDIT = `WITH saved AS (SELECT * FROM save_version(${SAVE_PARAMETERS})),
  logged AS (
    INSERT INTO audit_log (actor, action, fascia, country, page, source, platform, version, result,
                           user_agent, client_address, request_id)
    SELECT $7, CASE $6 WHEN 'content' THEN '${AUDIT_ACTIONS.save}' ELSE '${AUDIT_ACTIONS.bookmark}' END,
           $1, $2, $3, $4, $5, saved.version, saved.outcome, $18, $19, $20 FROM saved
  )
  SELECT * FROM saved`;
/** move_live's 16 parameters (migration 007). */
const MOVE_PARAMETERS = Array.from({ length: 16 }, (_, index) => `$${index + 1}`).join(', ');
/** A live entry's columns, as LiveEntry's fields apart from the key. */
const LIVE_COLUMNS = 'version, hash, previous, move, at, moved_by AS by, message, release';
/** The text a listing's text filter searches: the same expression as the pages_text trigram index. */
const SEARCH_TEXT = `lower(page || E'\\n' || category || E'\\n' || author)`;

export interface PostgresStoreOptions {
  /**
   * Runs in a live move's transaction once the move is made (the team server enqueues its webhook deliveries
   * there): the move commits with what it writes, or not at all.
   */
  afterLiveMove?: (transaction: Queryable, entry: LiveEntry) => Promise<void>;
}

export function createPostgresStore(db: Database, options: PostgresStoreOptions = {}): ContentStore {
  const { afterLiveMove } = options;
  async function save(input: SaveInput): Promise<SaveResult> {
    const { kind, baseHash, saveId, audit } = input;
    const content = stampSave(input.content, new Date());
    const key = keyOf(content);
    const event: Omit<SavedEvent, 'version'> = {
      type: 'saved',
      pageKey: key,
      kind,
      author: content.author,
      message: content.commitMessage,
      timestamp: content.timestamp,
    };
    // One call does the whole save (save_version, migration 003): lock, repeat, conflict, insert, announce,
    // and its audit entry. The document goes as JSON text, which pg would otherwise write by a slower path.
    const row = (
      await db.query<VersionSummary & { outcome: 'saved' | 'repeat' | 'conflict' }>(SAVE_AND_AUDIT, [
        ...keyValues(key),
        kind,
        content.author,
        content.timestamp,
        content.commitMessage,
        content.hash,
        JSON.stringify(content),
        content.category,
        saveId ?? null,
        baseHash !== undefined,
        baseHash ?? null,
        EVENTS_CHANNEL,
        JSON.stringify(event),
        audit?.userAgent ?? null,
        audit?.clientAddress ?? null,
        audit?.requestId ?? null,
      ])
    ).rows[0];
    if (!row) throw new Error(`Saving ${key.page} answered nothing.`);
    const { outcome, ...summary } = row;
    if (outcome === 'repeat') return repeatedSave(saveId!, summary, { hash: content.hash, kind });
    if (outcome === 'conflict') {
      // The database decided under the page's lock; the shared rule words the refusal.
      throw (
        conflictOf(key, baseHash ?? null, summary) ?? new Error(`Saving ${key.page}: a conflict the rule does not see.`)
      );
    }
    return { version: versionSummary({ version: summary.version, kind, content }), repeated: false };
  }

  async function latest(key: PageKey) {
    const row = (
      await db.query<{ version: number; content: StoredVersion['content'] }>(
        `SELECT v.version, v.content FROM pages p JOIN versions v USING (${KEY_COLUMNS})
          WHERE ${KEY_MATCH} AND v.version = p.content_version`,
        keyValues(key),
      )
    ).rows[0];
    return {
      stored: row ? { version: row.version, kind: 'content' as const, content: row.content } : null,
      skipped: [],
    };
  }

  async function versions(key: PageKey, paging?: Paging) {
    const { limit, offset } = pageBounds(paging);
    const [rows, count] = await Promise.all([
      db.query<VersionSummary>(
        `SELECT ${SUMMARY_COLUMNS} FROM versions WHERE ${KEY_MATCH} ORDER BY version DESC LIMIT $6 OFFSET $7`,
        [...keyValues(key), limit, offset],
      ),
      db.query<{ total: number }>(`SELECT count(*)::integer AS total FROM versions WHERE ${KEY_MATCH}`, keyValues(key)),
    ]);
    return { versions: rows.rows, total: count.rows[0]?.total ?? 0, skipped: [] };
  }

  async function version(key: PageKey, number: number): Promise<StoredVersion | null> {
    const row = (
      await db.query<{ kind: VersionKind; content: StoredVersion['content'] }>(
        `SELECT kind, content FROM versions WHERE ${KEY_MATCH} AND version = $6`,
        [...keyValues(key), number],
      )
    ).rows[0];
    return row ? { version: number, kind: row.kind, content: row.content } : null;
  }

  async function listPages(pageQuery: PageQuery = {}): Promise<PageListing> {
    const conditions = ['content_version IS NOT NULL'];
    const values: unknown[] = [];
    const parameter = (value: unknown) => {
      values.push(value);
      return `$${values.length}`;
    };
    if (pageQuery.fascia !== undefined) conditions.push(`fascia = ${parameter(pageQuery.fascia)}`);
    if (pageQuery.country !== undefined) conditions.push(`country = ${parameter(pageQuery.country)}`);
    if (pageQuery.text)
      conditions.push(`${SEARCH_TEXT} LIKE ${parameter(`%${escapeLike(pageQuery.text.toLowerCase())}%`)}`);
    if (pageQuery.within) conditions.push(scopeCondition(pageQuery.within, parameter));
    const where = conditions.join(' AND ');
    const filterValues = [...values];
    const { limit, offset } = pageBounds(pageQuery);
    const order = `saved_at DESC, ${LISTING_KEY_ORDER.join(', ')}`;
    const [rows, count] = await Promise.all([
      // The page of rows first, then its live state, so only the rows answered look up their live entry.
      db.query<ListedRow>(
        `SELECT listed.*, live.version AS "liveVersion", live.at AS "liveAt", live.by AS "liveBy",
                live.ahead AS "liveAhead"
           FROM (SELECT ${KEY_COLUMNS}, category, content_version AS version, hash, author, timestamp, saved_at
                   FROM pages WHERE ${where} ORDER BY ${order}
                  LIMIT ${parameter(limit)} OFFSET ${parameter(offset)}) listed
           LEFT JOIN LATERAL (${NEWEST_LIVE_ENTRY}) live ON true
          ORDER BY ${order}`,
        values,
      ),
      db.query<{ total: number }>(`SELECT count(*)::integer AS total FROM pages WHERE ${where}`, filterValues),
    ]);
    const pages = rows.rows.map((row): PageSummary => pageSummary(row, row.category, row, liveStateOf(row)));
    return { pages, total: count.rows[0]?.total ?? 0, skipped: [] };
  }

  /**
   * A go-live or a rollback: move_live (migration 007) locks the page, checks, adds the entry and its audit
   * entry and announces it, in one call; a refusal is worded here by the rule both stores share.
   */
  async function moveLive(input: LiveMoveInput, target: MoveTarget): Promise<LiveEntry> {
    const key = keyOf(input.key);
    // Without a follow-up the move stays one statement, as it was: no transaction to open.
    const inMove = <T>(work: (transaction: Queryable) => Promise<T>): Promise<T> =>
      afterLiveMove ? db.inTransaction(work) : work(db);
    return inMove(async (transaction) => {
      const moved = await moveLiveIn(transaction, key, input, target);
      if (afterLiveMove) await afterLiveMove(transaction, moved);
      return moved;
    });
  }

  async function moveLiveIn(
    transaction: Queryable,
    key: PageKey,
    input: LiveMoveInput,
    target: MoveTarget,
  ): Promise<LiveEntry> {
    const { audit } = input;
    const row = (
      await transaction.query<LiveRow & { outcome: 'moved' | 'refused'; kind: StoredVersion['kind'] | null }>(
        `SELECT * FROM move_live(${MOVE_PARAMETERS})`,
        [
          ...keyValues(key),
          target.move,
          target.move === 'live' ? target.version : null,
          input.by,
          input.message,
          input.release ?? null,
          target.move === 'live' ? AUDIT_ACTIONS.goLive : AUDIT_ACTIONS.rollBack,
          audit?.actor ?? input.by,
          audit?.userAgent ?? null,
          audit?.clientAddress ?? null,
          audit?.requestId ?? null,
          EVENTS_CHANNEL,
        ],
      )
    ).rows[0];
    if (!row) throw new Error(`Moving ${key.page} live answered nothing.`);
    if (row.outcome === 'moved') return liveEntryOf(key, row);
    const refusal =
      target.move === 'live'
        ? goLiveRefusal(key, target.version, row.kind === null ? null : { kind: row.kind })
        : rollBackRefusal(key, row.version === null ? null : liveEntryOf(key, row));
    throw new LiveChangeError(refusal ?? `Moving ${key.page} live: a refusal the rule does not see.`);
  }

  async function live(key: PageKey): Promise<LiveEntry | null> {
    const row = (
      await db.query<LiveRow>(
        `SELECT ${LIVE_COLUMNS} FROM live_entries WHERE ${KEY_MATCH} ORDER BY entry DESC LIMIT 1`,
        keyValues(key),
      )
    ).rows[0];
    return row ? liveEntryOf(key, row) : null;
  }

  async function liveHistory(key: PageKey, paging?: Paging) {
    const { limit, offset } = pageBounds(paging);
    const [rows, count] = await Promise.all([
      db.query<LiveRow>(
        `SELECT ${LIVE_COLUMNS} FROM live_entries WHERE ${KEY_MATCH} ORDER BY entry DESC LIMIT $6 OFFSET $7`,
        [...keyValues(key), limit, offset],
      ),
      db.query<{ total: number }>(
        `SELECT count(*)::integer AS total FROM live_entries WHERE ${KEY_MATCH}`,
        keyValues(key),
      ),
    ]);
    return { entries: rows.rows.map((row) => liveEntryOf(key, row)), total: count.rows[0]?.total ?? 0 };
  }

  return {
    save,
    latest,
    versions,
    version,
    listPages,
    goLive: (input) => moveLive(input, { move: 'live', version: input.version }),
    rollBack: (input) => moveLive(input, { move: 'rollback' }),
    live,
    liveHistory,
    // The pool belongs to the server that made it; it ends it after the store.
    close: async () => undefined,
  };
}

/** What a move asks for: a go-live names its version; a rollback returns to the one live before. */
type MoveTarget = { move: 'live'; version: number } | { move: 'rollback' };

/** A live entry as its row holds it; `at` is a Date (pg reads timestamptz so), to the millisecond. */
type LiveRow = Omit<LiveEntry, 'pageKey' | 'at'> & { at: Date };

function liveEntryOf(key: PageKey, row: LiveRow): LiveEntry {
  const { version, hash, previous, move, at, by, message, release } = row;
  return { pageKey: keyOf(key), version, hash, previous, move, at: at.toISOString(), by, message, release };
}

/**
 * The newest live entry of the listed page `listed` (the primary key's index, read backwards), with how many
 * content versions were saved after its version.
 */
const NEWEST_LIVE_ENTRY = `SELECT l.version, l.at, l.moved_by AS by,
    (SELECT count(*)::integer FROM versions v
      WHERE (v.fascia, v.country, v.page, v.source, v.platform) = (l.fascia, l.country, l.page, l.source, l.platform)
        AND v.version > l.version AND v.kind = 'content') AS ahead
  FROM live_entries l
 WHERE (l.fascia, l.country, l.page, l.source, l.platform)
     = (listed.fascia, listed.country, listed.page, listed.source, listed.platform)
 ORDER BY l.entry DESC LIMIT 1`;

/** A listed page's row: its summary's columns and its live state's (null when it was never live). */
type ListedRow = PageKey &
  Omit<PageSummary, 'key' | 'live'> & {
    liveVersion: number | null;
    liveAt: Date | null;
    liveBy: string | null;
    liveAhead: number | null;
  };

function liveStateOf(row: ListedRow): LiveState | null {
  if (row.liveVersion === null || row.liveAt === null || row.liveBy === null) return null;
  return { version: row.liveVersion, at: row.liveAt.toISOString(), by: row.liveBy, ahead: row.liveAhead ?? 0 };
}

/** A LIKE pattern matching `text` literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
