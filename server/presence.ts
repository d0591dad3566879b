import { z } from 'zod';
import { PageKeySchema, type PageKey } from '../core/schemas';
import type { Queryable } from './auth';
import { EVENTS_CHANNEL } from './content/postgresStore';

/**
 * Who has which page open. Desktops send `open` as a heartbeat while a page is open and `closed` when they
 * leave it; a page not heard of for PRESENCE_TTL_SECONDS no longer counts. Rows live in PostgreSQL, so every
 * server process answers the same, and every change is announced on the event channel in the same statement.
 */

export const PRESENCE_TTL_SECONDS = 30;

export const PresenceBodySchema = z.object({
  pageKey: PageKeySchema,
  state: z.enum(['open', 'closed'], { error: 'state must be "open" or "closed"' }),
});
export type PresenceBody = z.infer<typeof PresenceBodySchema>;

export interface PresenceEntry {
  pageKey: PageKey;
  user: string;
  openedAt: string;
  lastSeen: string;
}

const KEY_COLUMNS = ['fascia', 'country', 'page', 'source', 'platform'] as const;
const keyValues = (key: PageKey) => KEY_COLUMNS.map((column) => key[column]);

/** The event announcing a row's change, built in SQL from a statement's RETURNING rows named `changed`. */
const notifyChanged = (state: 'open' | 'closed', reason: string) => `
  SELECT pg_notify('${EVENTS_CHANNEL}', json_build_object(
           'type', 'presence', 'state', '${state}', 'reason', '${reason}', 'user', user_email,
           'pageKey', json_build_object('fascia', fascia, 'country', country, 'page', page, 'source', source, 'platform', platform),
           'timestamp', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text)
    FROM changed`;

/**
 * Records a heartbeat or a close. An open is announced only when the page was not already open for that user
 * (a heartbeat changes nothing others see); a close only when it was.
 */
export async function updatePresence(db: Queryable, user: string, { pageKey, state }: PresenceBody): Promise<void> {
  if (state === 'open') {
    await db.query(
      `WITH upserted AS (
         INSERT INTO presence (fascia, country, page, source, platform, user_email) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (fascia, country, page, source, platform, user_email) DO UPDATE SET last_seen = now()
         -- xmax is 0 for a row this statement inserted, not for one it updated.
         RETURNING *, (xmax = 0) AS inserted),
       changed AS (SELECT * FROM upserted WHERE inserted)
       ${notifyChanged('open', 'opened')}`,
      [...keyValues(pageKey), user],
    );
    return;
  }
  await db.query(
    `WITH changed AS (
       DELETE FROM presence WHERE (fascia, country, page, source, platform, user_email) = ($1, $2, $3, $4, $5, $6)
       RETURNING *)
     ${notifyChanged('closed', 'closed')}`,
    [...keyValues(pageKey), user],
  );
}

/**
 * Removes and announces what has gone quiet. Any server may run it at any time: a row is deleted by one
 * statement only, so each expiry is announced once however many servers sweep.
 */
export async function sweepExpiredPresence(db: Queryable): Promise<number> {
  const { rows } = await db.query(
    `WITH changed AS (
       DELETE FROM presence WHERE last_seen < now() - make_interval(secs => $1) RETURNING *)
     ${notifyChanged('closed', 'expired')}`,
    [PRESENCE_TTL_SECONDS],
  );
  return rows.length;
}

/** Everyone's open pages now, for a desktop that (re)connects to the event stream. */
export async function currentPresence(db: Queryable): Promise<PresenceEntry[]> {
  const { rows } = await db.query<
    Record<(typeof KEY_COLUMNS)[number] | 'user_email', string> & { opened_at: Date; last_seen: Date }
  >(
    `SELECT * FROM presence WHERE last_seen >= now() - make_interval(secs => $1)
      ORDER BY fascia, country, page, source, platform, user_email`,
    [PRESENCE_TTL_SECONDS],
  );
  return rows.map((row) => ({
    pageKey: PageKeySchema.parse(Object.fromEntries(KEY_COLUMNS.map((column) => [column, row[column]]))),
    user: row.user_email,
    openedAt: row.opened_at.toISOString(),
    lastSeen: row.last_seen.toISOString(),
  }));
}
