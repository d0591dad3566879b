import type pg from 'pg';
import type { PageKey, PageSummary, VersionSummary } from '../../core/schemas';
import {
  InvalidContentError,
  SaveIdReusedError,
  StoreUnavailableError,
  conflictOf,
  keyOf,
  versionSummary,
  type ContentStore,
  type PageListing,
  type PageQuery,
  type SaveInput,
  type SaveResult,
  type StoredVersion,
  type VersionKind,
} from '../../core/store';

/**
 * The team server's content store (issue 12): versions as immutable rows in PostgreSQL (schema in
 * server/db/migrations/001_versions.sql). A save locks its page's row, so the stale-base check and the insert
 * are decided by the database for any number of server processes; the saved event is sent with pg_notify in
 * the same transaction, so listeners hear of a save only once it is committed.
 */

/** The channel the server's event hub LISTENs on. */
export const EVENTS_CHANNEL = 'studio_events';

export interface SavedEvent {
  type: 'saved';
  pageKey: PageKey;
  version: number;
  kind: VersionKind;
  author: string;
  message: string;
  timestamp: string;
}

const KEY_COLUMNS = 'fascia, country, page, source, platform';
const KEY_MATCH = 'fascia = $1 AND country = $2 AND page = $3 AND source = $4 AND platform = $5';
/** The text a listing's text filter searches: the same expression as the pages_text trigram index. */
const SEARCH_TEXT = `lower(page || E'\\n' || category || E'\\n' || author)`;

const keyValues = (key: PageKey) => [key.fascia, key.country, key.page, key.source, key.platform];

interface SummaryRow {
  version: number;
  kind: VersionKind;
  hash: string;
  author: string;
  timestamp: string;
  message: string;
}

const summaryOf = (row: SummaryRow): VersionSummary => ({
  version: row.version,
  hash: row.hash,
  author: row.author,
  timestamp: row.timestamp,
  commitMessage: row.message,
  kind: row.kind,
});

export function createPostgresStore(pool: pg.Pool): ContentStore {
  /** Runs a query, with a database that cannot be reached reported as StoreUnavailableError (503). */
  async function query<R extends pg.QueryResultRow>(text: string, values: unknown[]): Promise<pg.QueryResult<R>> {
    try {
      return await pool.query<R>(text, values);
    } catch (error) {
      throw translateError(error);
    }
  }

  async function inTransaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw translateError(error);
    }
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      broken = isDatabaseUnavailable(error);
      if (!broken) await client.query('ROLLBACK').catch(() => undefined);
      throw translateError(error);
    } finally {
      // A connection that failed mid-transaction is dropped rather than handed to the next request.
      client.release(broken);
    }
  }

  async function save(input: SaveInput): Promise<SaveResult> {
    const { content, kind, baseHash, saveId } = input;
    const key = keyOf(content);
    const values = keyValues(key);
    return inTransaction(async (client) => {
      // One round trip creates the page's row or locks it (ON CONFLICT DO UPDATE takes the row lock, which
      // orders every save of this page across server processes), and returns its state and the version this
      // save id already made, if any.
      const page = (
        await client.query<
          Omit<SummaryRow, 'version'> & { last_version: number; content_version: number | null; earlier: number | null }
        >(
          `INSERT INTO pages (${KEY_COLUMNS}) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (${KEY_COLUMNS}) DO UPDATE SET last_version = pages.last_version
           RETURNING last_version, content_version, 'content' AS kind, hash, author, timestamp, message,
                     (SELECT version FROM versions WHERE ${KEY_MATCH} AND save_id = $6) AS earlier`,
          [...values, saveId ?? null],
        )
      ).rows[0];
      if (!page) throw new Error(`Saving ${key.page} returned no page row.`);

      if (saveId !== undefined && page.earlier !== null) {
        const earlier = (
          await client.query<SummaryRow>(
            `SELECT version, kind, hash, author, timestamp, message FROM versions WHERE ${KEY_MATCH} AND version = $6`,
            [...values, page.earlier],
          )
        ).rows[0]!;
        if (earlier.hash !== content.hash || earlier.kind !== kind)
          throw new SaveIdReusedError(saveId, earlier.version);
        return { version: summaryOf(earlier), repeated: true };
      }
      if (baseHash !== undefined) {
        const latest = page.content_version === null ? null : summaryOf({ ...page, version: page.content_version });
        const conflict = conflictOf(key, baseHash, latest);
        if (conflict) throw conflict;
      }

      const stored: StoredVersion = { version: page.last_version + 1, kind, content, saveId };
      const event: SavedEvent = {
        type: 'saved',
        pageKey: key,
        version: stored.version,
        kind,
        author: content.author,
        message: content.commitMessage,
        timestamp: content.timestamp,
      };
      // A bookmark moves only the version counter; content also becomes what the page's row lists.
      const pageUpdate =
        kind === 'content'
          ? `last_version = $6, content_version = $6, hash = $11, author = $8, timestamp = $9::text,
             saved_at = $9::text::timestamptz, message = $10, category = $16`
          : 'last_version = $6';
      // The version, the page's row and the event in one round trip; the event goes out on commit only.
      await client.query(
        `WITH saved AS (
           INSERT INTO versions (${KEY_COLUMNS}, version, kind, author, timestamp, saved_at, message, hash, content, save_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::text, $9::text::timestamptz, $10, $11, $12, $13)
         ), page AS (
           UPDATE pages SET ${pageUpdate} WHERE ${KEY_MATCH}
         )
         SELECT pg_notify($14, $15)`,
        [
          ...values,
          stored.version,
          kind,
          content.author,
          content.timestamp,
          content.commitMessage,
          content.hash,
          content,
          saveId ?? null,
          EVENTS_CHANNEL,
          JSON.stringify(event),
          ...(kind === 'content' ? [content.category] : []),
        ],
      );
      return { version: versionSummary(stored), repeated: false };
    });
  }

  async function latest(key: PageKey) {
    const row = (
      await query<{ version: number; content: StoredVersion['content'] }>(
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

  async function versions(key: PageKey) {
    const rows = (
      await query<SummaryRow>(
        `SELECT version, kind, hash, author, timestamp, message FROM versions WHERE ${KEY_MATCH} ORDER BY version DESC`,
        keyValues(key),
      )
    ).rows;
    return { versions: rows.map(summaryOf), skipped: [] };
  }

  async function version(key: PageKey, number: number): Promise<StoredVersion | null> {
    const row = (
      await query<{ kind: VersionKind; content: StoredVersion['content'] }>(
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
    const where = conditions.join(' AND ');
    const filterValues = [...values];
    const limit = pageQuery.limit === undefined ? 'ALL' : parameter(pageQuery.limit);
    const offset = parameter(pageQuery.offset ?? 0);
    const [rows, count] = await Promise.all([
      query<
        { fascia: string; country: string; page: string; source: string; platform: string } & Omit<PageSummary, 'key'>
      >(
        `SELECT ${KEY_COLUMNS}, category, author, timestamp, hash, content_version AS version FROM pages
          WHERE ${where} ORDER BY saved_at DESC, fascia, country, platform, source, page LIMIT ${limit} OFFSET ${offset}`,
        values,
      ),
      query<{ total: number }>(`SELECT count(*)::integer AS total FROM pages WHERE ${where}`, filterValues),
    ]);
    const pages = rows.rows.map((row): PageSummary => ({
      key: {
        fascia: row.fascia,
        country: row.country as PageKey['country'],
        page: row.page,
        source: row.source,
        platform: row.platform as PageKey['platform'],
      },
      category: row.category,
      author: row.author,
      timestamp: row.timestamp,
      hash: row.hash,
      version: row.version,
    }));
    return { pages, total: count.rows[0]?.total ?? 0, skipped: [] };
  }

  return {
    save,
    latest,
    versions,
    version,
    listPages,
    // The pool belongs to the server that made it; it ends it after the store.
    close: async () => undefined,
  };
}

/** A LIKE pattern matching `text` literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** SQLSTATE classes and codes that mean the database is gone for now, not that the request was wrong. */
const UNAVAILABLE_STATES = /^(08|53|57P0[1-3])/;
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
/** pg reports a lost or refused connection with these messages and no code. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|Client was closed/i;

/** Whether an error from pg means the database cannot be reached (503 and retry) rather than a fault. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_STATES.test(code))) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnavailable);
  return UNAVAILABLE_MESSAGES.test(error.message);
}

function translateError(error: unknown): unknown {
  if (isDatabaseUnavailable(error)) {
    return new StoreUnavailableError('The database is not reachable; try again shortly.', { cause: error });
  }
  // PostgreSQL text and jsonb hold neither U+0000 (22021 invalid byte sequence, 22P05 untranslatable) nor half
  // of a surrogate pair, which JSON.stringify writes as a \\udXXX escape that jsonb refuses (22P02).
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : '';
  if (code === '22021' || code === '22P05' || (code === '22P02' && /type json/.test(message))) {
    return new InvalidContentError(
      'The page holds text that cannot be stored: a NUL character (\\u0000) or half of a surrogate pair. Remove it and save again.',
    );
  }
  return error;
}
