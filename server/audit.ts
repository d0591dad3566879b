import type { Logger } from 'pino';
import type { PageKey } from '../core/schemas';
import { PAGE_KEY_FIELDS, pageBounds, type AuditClient } from '../core/store';
import type { AuditEntry, AuditQuery } from '../core/teamProtocol';
import { errorMessage } from '../core/rules/errorMessage';
import type { Queryable } from './db/database';

/**
 * The audit log (issue 22 §4; table, append-only trigger and sweep in migration 005): recording entries,
 * reading them with filters, and removing those past retention. A save's entry is written by the save's own
 * statement (content/postgresStore.ts), a token's by auth.ts; everything else comes through recordAudit.
 */

/** Where an entry was made from when it is not a request: the server's command line. */
export const COMMAND_LINE: AuditClient = {
  actor: null,
  userAgent: 'storefront-studio-server command line',
  clientAddress: null,
  requestId: null,
};

export interface AuditRecord {
  client: AuditClient;
  /** Dotted, like core/teamProtocol.ts AUDIT_ACTIONS (the permissions add grant.add, role.define, ...). */
  action: string;
  result: string;
  subject?: string | null;
  pageKey?: PageKey | null;
  version?: number | null;
  reason?: string | null;
  /** Small: at most 2 KB as JSON (the table refuses more). */
  details?: Record<string, unknown> | null;
}

const RECORD_COLUMNS =
  'actor, subject, action, fascia, country, page, source, platform, version, result, reason, user_agent, client_address, request_id, details';

/** The values of one entry, in RECORD_COLUMNS' order. */
function recordValues(record: AuditRecord): unknown[] {
  const { client, pageKey } = record;
  return [
    client.actor,
    record.subject ?? null,
    record.action,
    ...PAGE_KEY_FIELDS.map((field) => pageKey?.[field] ?? null),
    record.version ?? null,
    record.result,
    record.reason ?? null,
    client.userAgent,
    client.clientAddress,
    client.requestId,
    record.details ? JSON.stringify(record.details) : null,
  ];
}

/** The statement that inserts one entry, with its values from `$first` on (to join another statement). */
export function auditInsert(record: AuditRecord, first = 1): { sql: string; values: unknown[] } {
  const values = recordValues(record);
  const parameters = values.map((_, index) => `$${first + index}`).join(', ');
  return { sql: `INSERT INTO audit_log (${RECORD_COLUMNS}) VALUES (${parameters})`, values };
}

/** Records one entry (what the permissions' command line calls for grant and role changes). */
export async function recordAudit(db: Queryable, record: AuditRecord): Promise<void> {
  const { sql, values } = auditInsert(record);
  await db.query(sql, values);
}

interface AuditRow {
  id: string;
  at: Date;
  actor: string | null;
  subject: string | null;
  action: string;
  fascia: string | null;
  country: string | null;
  page: string | null;
  source: string | null;
  platform: PageKey['platform'] | null;
  version: number | null;
  result: string;
  reason: string | null;
  user_agent: string | null;
  client_address: string | null;
  request_id: string | null;
  details: Record<string, unknown> | null;
}

function entryOf(row: AuditRow): AuditEntry {
  const { fascia, country, page, source, platform } = row;
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    subject: row.subject,
    action: row.action,
    // The table holds a key whole or not at all.
    pageKey: page === null ? null : ({ fascia, country, page, source, platform } as PageKey),
    version: row.version,
    result: row.result,
    reason: row.reason,
    userAgent: row.user_agent,
    clientAddress: row.client_address,
    requestId: row.request_id,
    details: row.details,
  };
}

/** Entries newest first, filtered and paged like every listing (DEFAULT_LIST_LIMIT, at most MAX_LIST_LIMIT). */
export async function queryAudit(
  db: Queryable,
  query: Partial<AuditQuery> = {},
): Promise<{ entries: AuditEntry[]; total: number }> {
  const conditions: string[] = [];
  const values: unknown[] = [];
  const parameter = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  if (query.user !== undefined) {
    const user = parameter(query.user.toLowerCase());
    conditions.push(`(actor = ${user} OR subject = ${user})`);
  }
  for (const field of PAGE_KEY_FIELDS) {
    const value = query[field];
    if (value !== undefined) conditions.push(`${field} = ${parameter(value)}`);
  }
  if (query.action !== undefined) conditions.push(`action = ${parameter(query.action)}`);
  // A date alone is midnight UTC.
  if (query.since !== undefined) conditions.push(`at >= ${parameter(utcInstant(query.since))}`);
  if (query.until !== undefined) conditions.push(`at < ${parameter(utcInstant(query.until))}`);
  const where = conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : '';
  const filterValues = [...values];
  const { limit, offset } = pageBounds(query);
  const [rows, count] = await Promise.all([
    db.query<AuditRow>(
      `SELECT id::text, at, actor, subject, action, fascia, country, page, source, platform, version, result, reason,
              user_agent, client_address, request_id, details
         FROM audit_log ${where} ORDER BY at DESC, id DESC LIMIT ${parameter(limit)} OFFSET ${parameter(offset)}`,
      values,
    ),
    db.query<{ total: number }>(`SELECT count(*)::integer AS total FROM audit_log ${where}`, filterValues),
  ]);
  return { entries: rows.rows.map(entryOf), total: count.rows[0]?.total ?? 0 };
}

/** A date (2026-11-01) as midnight UTC; a date-time as it says. */
function utcInstant(text: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00Z` : text;
}

/**
 * Issue 22: entries are kept at least 90 days (Strapi's default); migration 005 refuses to delete younger
 * ones whatever the server asks.
 */
export const MIN_AUDIT_RETENTION_DAYS = 90;
export const DEFAULT_AUDIT_RETENTION_DAYS = MIN_AUDIT_RETENTION_DAYS;

/** Why a retention cannot be used, or null. */
export function auditRetentionProblem(days: number): string | null {
  return Number.isInteger(days) && days >= MIN_AUDIT_RETENTION_DAYS && days <= 36_500
    ? null
    : `The audit retention must be a whole number of days from ${MIN_AUDIT_RETENTION_DAYS} to 36500`;
}
/** Rows one sweep statement removes at most: a short transaction, whatever the backlog. */
export const AUDIT_SWEEP_BATCH = 5_000;

/**
 * Removes the entries older than `retentionDays`, in batches of `batchSize` (each its own transaction), until
 * a batch comes back short. Returns how many it removed.
 */
export async function sweepAuditLog(
  db: Queryable,
  retentionDays: number,
  batchSize: number = AUDIT_SWEEP_BATCH,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const { rows } = await db.query<{ removed: number }>(
      `SELECT sweep_audit_log(make_interval(days => $1), $2) AS removed`,
      [retentionDays, batchSize],
    );
    const batch = rows[0]?.removed ?? 0;
    removed += batch;
    if (batch < batchSize) return removed;
  }
}

/**
 * Sweeps now and then every `intervalMs`; a failure is logged and the next round tries again. Returns stop,
 * which waits for a sweep under way (the database may be ended next).
 */
export function startAuditSweep(
  db: Queryable,
  options: { retentionDays: number; intervalMs: number; log: Pick<Logger, 'info' | 'warn'> },
): () => Promise<void> {
  const { retentionDays, intervalMs, log } = options;
  let running: Promise<void> | null = null;
  const sweep = () => {
    // One sweep at a time: a slow one is not overtaken by the next round.
    running ??= sweepAuditLog(db, retentionDays)
      .then((removed) => {
        if (removed > 0) log.info({ removed, retentionDays }, 'audit: removed entries past retention');
      })
      .catch((error: unknown) => log.warn({ err: errorMessage(error) }, 'audit: sweep failed'))
      .finally(() => (running = null));
  };
  sweep();
  const timer = setInterval(sweep, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
