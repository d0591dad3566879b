import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { EmailSchema } from '../core/schemas';
import { describeIssues } from '../core/contract';
import type { AuditClient } from '../core/store';
import { AUDIT_ACTIONS } from '../core/teamProtocol';
import { COMMAND_LINE, auditInsert } from './audit';
import type { Scope } from '../core/permissions';
import { normalScope, requireRole } from './access/grants';
import { EVENTS_CHANNEL, channelPayload, type Queryable } from './db/database';

/**
 * Users and API tokens. A token is 256 random bits shown once; only its SHA-256 is stored, and a request's
 * token is found by the hash of what it sends (an index lookup of a hash an attacker cannot steer, so nothing
 * is compared byte by byte against a secret).
 */

const TOKEN_PREFIX = 'sst_';
/** The delivery route's read-only keys (server/delivery.ts): told apart from editors' tokens by this. */
export const DELIVERY_KEY_PREFIX = 'sdk_';

/** Whether a bearer token is one of ours (anything else may be an identity provider's access token). */
export const isApiToken = (token: string): boolean => token.startsWith(TOKEN_PREFIX);
export const isDeliveryKey = (token: string): boolean => token.startsWith(DELIVERY_KEY_PREFIX);

export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token, 'utf8').digest();
}

/** Parses an address the way sign-in does (lowercased), or throws with the reason. */
export function parseEmail(value: string): string {
  const parsed = EmailSchema.safeParse(value.trim());
  if (!parsed.success) throw new Error(`Not an email address: '${value}' (${describeIssues(parsed.error)})`);
  return parsed.data;
}

export interface IssuedToken {
  email: string;
  tokenId: string;
  /** The only time the token itself exists outside the desktop it is given to. */
  token: string;
  newUser: boolean;
}

/**
/**
 * Adds the user if needed and issues a new token for them (one per desktop, each revocable on its own),
 * recorded in the audit log as made by `by`. A new user may do nothing until a role is granted to them:
 * `access`, when given, grants that role within that scope in the same statement (`user add EMAIL --role R
 * --fascia F --country C`).
 */
export async function addUser(
  db: Queryable,
  emailInput: string,
  access?: { role: string; scope: Scope; by: string },
  by: AuditClient = COMMAND_LINE,
): Promise<IssuedToken> {
  const email = parseEmail(emailInput);
  if (access) await requireRole(db, access.role);
  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const tokenId = randomBytes(6).toString('hex');
  const scope = access ? normalScope(access.scope) : null;
  const audit = auditInsert(
    {
      client: by,
      action: AUDIT_ACTIONS.tokenCreate,
      result: 'ok',
      subject: email,
      details: access ? { tokenId, role: access.role, ...scope } : { tokenId },
    },
    10,
  );
  // One statement, so a user is never left without the token that was printed, nor without the role named,
  // nor a token without its audit entry.
  const { rows } = await db.query<{ new_user: boolean }>(
    `WITH inserted AS (INSERT INTO users (email) VALUES ($1) ON CONFLICT (email) DO NOTHING RETURNING email),
          token AS (INSERT INTO api_tokens (id, user_email, hash) VALUES ($2, $1, $3)),
          granted AS (
            INSERT INTO grants (role, grantee_kind, grantee_name, fascias, countries, effect, created_by)
            SELECT $4, 'user', $1, $5, $6, 'allow', $7 WHERE $4::text IS NOT NULL
            ON CONFLICT DO NOTHING RETURNING id),
          audit AS (${audit.sql})
     SELECT EXISTS (SELECT 1 FROM inserted) AS new_user, (SELECT count(pg_notify($8, $9)) FROM granted) AS announced`,
    [
      email,
      tokenId,
      hashToken(token),
      access?.role ?? null,
      scope?.fascias ?? null,
      scope?.countries ?? null,
      access?.by ?? null,
      EVENTS_CHANNEL,
      channelPayload({ type: 'access-changed' }),
      ...audit.values,
    ],
  );
  return { email, tokenId, token, newUser: rows[0]?.new_user ?? false };
}

export interface UserListing {
  email: string;
  createdAt: string;
  /** `user disable` was run for them (their tokens are refused). */
  disabled: boolean;
  tokens: { id: string; createdAt: string }[];
}

export async function listUsers(db: Queryable): Promise<UserListing[]> {
  const { rows } = await db.query<{
    email: string;
    created_at: Date;
    disabled: boolean;
    tokens: { id: string; created_at: string }[];
  }>(
    `SELECT u.email, u.created_at, u.disabled_at IS NOT NULL AS disabled,
            COALESCE(json_agg(json_build_object('id', t.id, 'created_at', t.created_at) ORDER BY t.created_at)
                     FILTER (WHERE t.id IS NOT NULL), '[]') AS tokens
       FROM users u LEFT JOIN api_tokens t ON t.user_email = u.email
      GROUP BY u.email, u.created_at, u.disabled_at ORDER BY u.email`,
  );
  return rows.map((row) => ({
    email: row.email,
    createdAt: row.created_at.toISOString(),
    disabled: row.disabled,
    tokens: row.tokens.map((token) => ({ id: token.id, createdAt: new Date(token.created_at).toISOString() })),
  }));
}

/**
 * Whether a token with that id existed. It no longer works from the next request on, on every server, and
 * the revocation is announced so that every server ends the event streams opened with it. The audit entry
 * (by `by`) is written by the same statement, only when a token was revoked.
 */
export async function revokeToken(db: Queryable, tokenId: string, by: AuditClient = COMMAND_LINE): Promise<boolean> {
  const id = tokenId.trim();
  const { rows } = await db.query(
    `WITH revoked AS (DELETE FROM api_tokens WHERE id = $1 RETURNING id, user_email),
          audit AS (
            INSERT INTO audit_log (actor, subject, action, result, user_agent, client_address, request_id, details)
            SELECT $4, user_email, $5, 'ok', $6, $7, $8, jsonb_build_object('tokenId', id) FROM revoked
          )
     SELECT pg_notify($2, $3) FROM revoked`,
    [
      id,
      EVENTS_CHANNEL,
      channelPayload({ type: 'token-revoked', tokenId: id }),
      by.actor,
      AUDIT_ACTIONS.tokenRevoke,
      by.userAgent,
      by.clientAddress,
      by.requestId,
    ],
  );
  return rows.length > 0;
}

/** Of these token ids, the ones that still exist and whose user is not disabled: one query over the open streams' tokens. */
export async function existingTokenIds(db: Queryable, tokenIds: readonly string[]): Promise<Set<string>> {
  if (tokenIds.length === 0) return new Set();
  const { rows } = await db.query<{ id: string }>(
    `SELECT t.id FROM api_tokens t JOIN users u ON u.email = t.user_email
      WHERE t.id = ANY($1::text[]) AND u.disabled_at IS NULL`,
    [[...tokenIds]],
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * The user a token belongs to, the token's id and whether the user is disabled (`user disable`), or null when
 * the token is unknown or revoked.
 */
export async function userForToken(
  db: Queryable,
  token: string,
): Promise<{ user: string; tokenId: string; disabled: boolean } | null> {
  if (!isApiToken(token)) return null;
  const { rows } = await db.query<{ user_email: string; id: string; disabled: boolean }>(
    `SELECT t.user_email, t.id, u.disabled_at IS NOT NULL AS disabled
       FROM api_tokens t JOIN users u ON u.email = t.user_email WHERE t.hash = $1`,
    [hashToken(token)],
  );
  const row = rows[0];
  return row ? { user: row.user_email, tokenId: row.id, disabled: row.disabled } : null;
}

/**
 * A user signed in through the identity provider: recorded in users on first use, so an administrator can
 * disable them (users.disabled_at, `user disable EMAIL`) like anyone with an API token. Whether they are
 * disabled. Nothing is written for a user already known.
 */
export async function recordSignedInUser(db: Queryable, email: string): Promise<{ disabled: boolean }> {
  const { rows } = await db.query<{ disabled_at: Date | null }>('SELECT disabled_at FROM users WHERE email = $1', [
    email,
  ]);
  const known = rows[0];
  if (known) return { disabled: known.disabled_at !== null };
  await db.query('INSERT INTO users (email) VALUES ($1) ON CONFLICT (email) DO NOTHING', [email]);
  return { disabled: false };
}

/**
 * A token in the request target (a query parameter named like one, or anything shaped like our tokens or
 * delivery keys): the target ends up in logs, proxies' logs and browser history, so such a request is refused,
 * and logged censored.
 */
const TOKEN_PARAMETER = /^(?:access[_-]?token|token|api[_-]?key|apikey|auth|authorization|bearer)$/i;
const TOKEN_TEXT = new RegExp(`(${TOKEN_PREFIX}|${DELIVERY_KEY_PREFIX})[^&#/?\\s]*`, 'g');

export function targetCarriesToken(target: string): boolean {
  TOKEN_TEXT.lastIndex = 0;
  if (TOKEN_TEXT.test(target)) return true;
  const query = target.indexOf('?');
  if (query < 0) return false;
  return [...new URLSearchParams(target.slice(query + 1)).keys()].some((name) => TOKEN_PARAMETER.test(name));
}

/** The request target as it may be logged: token-like text and the values of token parameters censored. */
export function censorTokens(target: string): string {
  const censored = target.replace(TOKEN_TEXT, '$1[redacted]');
  const query = censored.indexOf('?');
  if (query < 0) return censored;
  const parameters = censored
    .slice(query + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=', 1)[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, ' '));
      } catch {
        // A malformed escape is logged as sent.
      }
      return TOKEN_PARAMETER.test(decoded) ? `${name}=[redacted]` : pair;
    });
  return `${censored.slice(0, query)}?${parameters.join('&')}`;
}

export type BearerProblem = 'missing' | 'malformed';

/** The token of an `Authorization: Bearer TOKEN` header, or why there is none. */
export function bearerToken(request: IncomingMessage): string | BearerProblem {
  const header = request.headers.authorization;
  if (!header) return 'missing';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? 'malformed';
}
