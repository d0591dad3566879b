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
import { scopeCondition } from '../access/scopeSql';
import { EVENTS_CHANNEL, type Database } from '../db/database';

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
/** The text a listing's text filter searches: the same expression as the pages_text trigram index. */
const SEARCH_TEXT = `lower(page || E'\\n' || category || E'\\n' || author)`;

export function createPostgresStore(db: Database): ContentStore {
  async function save(input: SaveInput): Promise<SaveResult> {
    const { kind, baseHash, saveId } = input;
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
    // One call does the whole save (save_version, migration 003): lock, repeat, conflict, insert, announce.
    // The document goes as JSON text, which pg would otherwise write by a slower path for objects.
    const row = (
      await db.query<VersionSummary & { outcome: 'saved' | 'repeat' | 'conflict' }>(
        `SELECT * FROM save_version(${SAVE_PARAMETERS})`,
        [
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
        ],
      )
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
