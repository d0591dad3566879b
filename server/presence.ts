import type { ActionScopes } from '../core/permissions';
import type { PageKey } from '../core/schemas';
import { scopeCondition } from './access/scopeSql';
import { PAGE_KEY_FIELDS, keyOf, pageBounds, type Paging } from '../core/store';
import type { PresenceChangeEvent, PresenceFocus, PresenceRequest, ServerPresence } from '../core/teamProtocol';
import { EVENTS_CHANNEL, channelPayload, notify, type Database, type Queryable } from './db/database';

/**
 * Who has which page open, and where their focus is on it (issue 23 §3). Desktops send `open` as a heartbeat
 * while a page is open, with the focus (a component and a field) when there is one, and `closed` when they
 * leave it; a page not heard of for PRESENCE_TTL_SECONDS no longer counts. Rows live in PostgreSQL, so every
 * server process answers the same, and every change is announced on the event channel in the same statement.
 */

export const PRESENCE_TTL_SECONDS = 30;

/** A presence row's identity: the page's key and the user. */
const ROW_KEY = [...PAGE_KEY_FIELDS, 'user_email'].join(', ');
const rowValues = (pageKey: PageKey, user: string) => [...PAGE_KEY_FIELDS.map((field) => pageKey[field]), user];

function changeEvent(
  pageKey: PageKey,
  user: string,
  state: PresenceChangeEvent['state'],
  reason: PresenceChangeEvent['reason'],
  focus?: PresenceFocus,
): PresenceChangeEvent {
  return {
    type: 'presence',
    pageKey: keyOf(pageKey),
    user,
    state,
    reason,
    ...(focus && { focus }),
    timestamp: new Date().toISOString(),
  };
}

/** A row's focus columns as the wire's focus: absent when they are null. */
const focusOf = (row: { focus_component: string | null; focus_field: string | null }): PresenceFocus | undefined =>
  row.focus_component !== null && row.focus_field !== null
    ? { component: row.focus_component, field: row.focus_field }
    : undefined;

/**
 * Records a heartbeat or a close. An open is announced when the page was not already open for that user, and
 * when it moves the user's focus (a heartbeat that changes nothing others see is not); a close only when the
 * page was open. A heartbeat without a focus clears it: each carries the whole state.
 */
export async function updatePresence(
  db: Queryable,
  user: string,
  { pageKey, state, focus }: PresenceRequest,
): Promise<void> {
  const values = rowValues(pageKey, user);
  if (state === 'open') {
    await db.query(
      `WITH upserted AS (
         INSERT INTO presence (${ROW_KEY}, focus_component, focus_field) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (${ROW_KEY}) DO UPDATE SET
           last_seen = now(),
           focus_component = EXCLUDED.focus_component,
           focus_field = EXCLUDED.focus_field,
           -- presence.* is the row as it stood, locked by this statement: only a real move counts.
           focus_changed = (presence.focus_component, presence.focus_field)
             IS DISTINCT FROM (EXCLUDED.focus_component, EXCLUDED.focus_field)
         -- xmax is 0 for a row this statement inserted, not for one it updated.
         RETURNING (xmax = 0) AS inserted, focus_changed)
       SELECT pg_notify($9, CASE WHEN inserted THEN $10 ELSE $11 END) FROM upserted WHERE inserted OR focus_changed`,
      [
        ...values,
        focus?.component ?? null,
        focus?.field ?? null,
        EVENTS_CHANNEL,
        channelPayload(changeEvent(pageKey, user, 'open', 'opened', focus)),
        channelPayload(changeEvent(pageKey, user, 'open', 'focus', focus)),
      ],
    );
    return;
  }
  await db.query(
    `WITH closed AS (DELETE FROM presence WHERE (${ROW_KEY}) = ($1, $2, $3, $4, $5, $6) RETURNING 1)
     SELECT pg_notify($7, $8) FROM closed`,
    [...values, EVENTS_CHANNEL, channelPayload(changeEvent(pageKey, user, 'closed', 'closed'))],
  );
}

/**
 * Removes and announces what has gone quiet. Any server may run it at any time: a row is deleted by one
 * transaction only, so each expiry is announced once however many servers sweep.
 */
export async function sweepExpiredPresence(db: Database): Promise<number> {
  return db.inTransaction(async (transaction) => {
    const { rows } = await transaction.query<PageKey & { user_email: string }>(
      `DELETE FROM presence WHERE last_seen < now() - make_interval(secs => $1) RETURNING ${ROW_KEY}`,
      [PRESENCE_TTL_SECONDS],
    );
    await notify(
      transaction,
      rows.map((row) => changeEvent(row, row.user_email, 'closed', 'expired')),
    );
    return rows.length;
  });
}

/**
 * Everyone's open pages now, each with its focus if any, for a desktop that (re)connects to the event stream:
 * at most `limit` (DEFAULT_LIST_LIMIT without one, never over MAX_LIST_LIMIT) from `offset`, in key order.
 */
export async function currentPresence(
  db: Queryable,
  paging?: Paging,
  within?: ActionScopes,
): Promise<ServerPresence[]> {
  const { limit, offset } = pageBounds(paging);
  const values: unknown[] = [PRESENCE_TTL_SECONDS, limit, offset];
  const parameter = (value: unknown) => `$${values.push(value)}`;
  // Only pages the asker may view (issue 22), in the query, so the limit counts those only.
  const visible = within ? `AND ${scopeCondition(within, parameter)}` : '';
  const { rows } = await db.query<
    PageKey & {
      user_email: string;
      opened_at: Date;
      last_seen: Date;
      focus_component: string | null;
      focus_field: string | null;
    }
  >(
    `SELECT ${ROW_KEY}, opened_at, last_seen, focus_component, focus_field FROM presence
      WHERE last_seen >= now() - make_interval(secs => $1) ${visible}
      ORDER BY ${ROW_KEY} LIMIT $2 OFFSET $3`,
    values,
  );
  return rows.map((row) => {
    const focus = focusOf(row);
    return {
      pageKey: keyOf(row),
      user: row.user_email,
      openedAt: row.opened_at.toISOString(),
      lastSeen: row.last_seen.toISOString(),
      ...(focus && { focus }),
    };
  });
}
