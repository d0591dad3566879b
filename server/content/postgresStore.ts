import type { PageKey, PageSummary, VersionSummary } from '../../core/schemas';
import type { SavedEvent } from '../../core/teamProtocol';
import {
  LISTING_KEY_ORDER,
  PAGE_KEY_FIELDS,
  conflictOf,
  keyOf,
  pageBounds,
  pageSummary,
  repeatedSave,
  stampSave,
  versionSummary,
  type ContentStore,
  type PageListing,
  type PageQuery,
  type Paging,
  type SaveInput,
  type SaveResult,
  type StoredVersion,
  type VersionKind,
} from '../../core/store';
import { EVENTS_CHANNEL, channelPayload, type Database } from '../db/database';

/**
 * The team server's content store (issue 12): versions as immutable rows in PostgreSQL (schema in
 * server/db/migrations/001_versions.sql). A save locks its page's row, so the stale-base check and the insert
 * are decided by the database for any number of server processes; the saved event is sent with pg_notify in
 * the same transaction, so listeners hear of a save only once it is committed.
 */

const KEY_COLUMNS = PAGE_KEY_FIELDS.join(', ');
const KEY_MATCH = PAGE_KEY_FIELDS.map((field, index) => `${field} = $${index + 1}`).join(' AND ');
const keyValues = (key: PageKey) => PAGE_KEY_FIELDS.map((field) => key[field]);
/** A version's columns as a VersionSummary. */
const SUMMARY_COLUMNS = 'version, kind, hash, author, timestamp, message AS "commitMessage"';
/** The text a listing's text filter searches: the same expression as the pages_text trigram index. */
const SEARCH_TEXT = `lower(page || E'\\n' || category || E'\\n' || author)`;

export function createPostgresStore(db: Database): ContentStore {
  async function save(input: SaveInput): Promise<SaveResult> {
    const { kind, baseHash, saveId } = input;
    const content = stampSave(input.content, new Date());
    const key = keyOf(content);
    const values = keyValues(key);
    return db.inTransaction(async (transaction) => {
      // One round trip creates the page's row or locks it (ON CONFLICT DO UPDATE takes the row lock, which
      // orders every save of this page across server processes), and returns its state and whether this
      // save id made a version already, as far as the statement's snapshot shows.
      const page = (
        await transaction.query<
          Omit<VersionSummary, 'version'> & {
            last_version: number;
            content_version: number | null;
            seen_version: number;
            earlier: boolean;
          }
        >(
          `INSERT INTO pages (${KEY_COLUMNS}) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (${KEY_COLUMNS}) DO UPDATE SET last_version = pages.last_version
           RETURNING last_version, content_version, 'content' AS kind, hash, author, timestamp, message AS "commitMessage",
                     (SELECT coalesce(max(version), 0) FROM versions WHERE ${KEY_MATCH}) AS seen_version,
                     EXISTS (SELECT 1 FROM versions WHERE ${KEY_MATCH} AND save_id = $6) AS earlier`,
          [...values, saveId ?? null],
        )
      ).rows[0];
      if (!page) throw new Error(`Saving ${key.page} returned no page row.`);

      // The statement's snapshot was taken before it waited for the page's lock: when a save was committed
      // meanwhile (the locked row is newer than the versions it saw), it may be this very save, sent twice at
      // once, so the save id is looked up again, in a snapshot of now.
      const snapshotIsOld = page.seen_version !== page.last_version;
      if (saveId !== undefined && (page.earlier || snapshotIsOld)) {
        const earlier = (
          await transaction.query<VersionSummary>(
            `SELECT ${SUMMARY_COLUMNS} FROM versions WHERE ${KEY_MATCH} AND save_id = $6`,
            [...values, saveId],
          )
        ).rows[0];
        if (earlier) return repeatedSave(saveId, earlier, { hash: content.hash, kind });
      }
      if (baseHash !== undefined) {
        const latest = page.content_version === null ? null : { ...page, version: page.content_version };
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
      // The version, the page's row (a bookmark moves only its version counter, content also becomes what the
      // row lists) and the event in one round trip; the event goes out on commit only.
      await transaction.query(
        `WITH saved AS (
           INSERT INTO versions (${KEY_COLUMNS}, version, kind, author, timestamp, saved_at, message, hash, content, save_id)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::text, $9::text::timestamptz, $10, $11, $12, $13)
         ), content_page AS (
           UPDATE pages SET last_version = $6, content_version = $6, hash = $11, author = $8, timestamp = $9::text,
                            saved_at = $9::text::timestamptz, message = $10, category = $14
            WHERE ${KEY_MATCH} AND $7 = 'content'
         ), bookmark_page AS (
           UPDATE pages SET last_version = $6 WHERE ${KEY_MATCH} AND $7 = 'bookmark'
         )
         SELECT pg_notify($15, $16)`,
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
          content.category,
          EVENTS_CHANNEL,
          channelPayload(event),
        ],
      );
      return { version: versionSummary(stored), repeated: false };
    });
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
    const where = conditions.join(' AND ');
    const filterValues = [...values];
    const { limit, offset } = pageBounds(pageQuery);
    const [rows, count] = await Promise.all([
      db.query<PageKey & Omit<PageSummary, 'key'>>(
        `SELECT ${KEY_COLUMNS}, category, content_version AS version, hash, author, timestamp FROM pages
          WHERE ${where} ORDER BY saved_at DESC, ${LISTING_KEY_ORDER.join(', ')}
          LIMIT ${parameter(limit)} OFFSET ${parameter(offset)}`,
        values,
      ),
      db.query<{ total: number }>(`SELECT count(*)::integer AS total FROM pages WHERE ${where}`, filterValues),
    ]);
    const pages = rows.rows.map((row): PageSummary => pageSummary(row, row.category, row));
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
