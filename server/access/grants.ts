import {
  ACTIONS,
  ANY,
  ActionSchema,
  BUILT_IN_ROLES,
  RoleNameSchema,
  effectivePermissions,
  roleTable,
  type Action,
  type Grant,
  type Grantee,
  type Permissions,
  type Role,
  type Scope,
} from '../../core/permissions';
import { EVENTS_CHANNEL, channelPayload, type Queryable } from '../db/database';

/**
 * Roles, grants and disabled users in PostgreSQL (migration 004). Every change is announced on the event
 * channel in its own statement ('access-changed'), so every server process forgets the permissions it cached
 * (./accessCache.ts) once the change is committed.
 */

/** What one user may do: the grants that apply to them (their own and their groups') and what these give. */
export interface Access {
  user: string;
  groups: string[];
  grants: Grant[];
  permissions: Permissions;
}

export interface StoredGrant extends Grant {
  id: string;
  createdAt: string;
  createdBy: string;
}

const ACCESS_CHANGED = channelPayload({ type: 'access-changed' });

/** Runs a change and announces it, in one statement: listeners hear of it only once it is committed. */
async function changeAndAnnounce<Row extends Record<string, unknown>>(
  db: Queryable,
  change: string,
  values: unknown[],
): Promise<Row[]> {
  const n = values.length;
  const { rows } = await db.query<Row & { announced: unknown }>(
    `WITH changed AS (${change}) SELECT changed.*, pg_notify($${n + 1}, $${n + 2}) AS announced FROM changed`,
    [...values, EVENTS_CHANNEL, ACCESS_CHANGED],
  );
  return rows;
}

/** The user's grants (own and groups') and the defined roles they name: one indexed query. */
export async function loadAccess(db: Queryable, user: string, groups: readonly string[]): Promise<Access> {
  const { rows } = await db.query<GrantRow & { actions: Action[] | null }>(
    `SELECT ${GRANT_COLUMNS}, r.actions FROM grants g LEFT JOIN roles r ON r.name = g.role
      WHERE (g.grantee_kind = 'user' AND g.grantee_name = $1) OR (g.grantee_kind = 'group' AND g.grantee_name = ANY($2::text[]))
      ORDER BY g.id`,
    [user, [...groups]],
  );
  const grants = rows.map(grantOf);
  const defined = rows.flatMap((row) => (row.actions ? [{ name: row.role, actions: row.actions }] : []));
  return { user, groups: [...groups], grants, permissions: effectivePermissions(grants, roleTable(defined)) };
}

const GRANT_COLUMNS =
  'g.id::text AS id, g.role, g.grantee_kind, g.grantee_name, g.fascias, g.countries, g.effect, g.created_at, g.created_by';

interface GrantRow {
  id: string;
  role: string;
  grantee_kind: Grantee['kind'];
  grantee_name: string;
  fascias: string[];
  countries: string[];
  effect: Grant['effect'];
  created_at: Date;
  created_by: string;
}

function grantOf(row: GrantRow): Grant {
  return {
    role: row.role,
    to: { kind: row.grantee_kind, name: row.grantee_name },
    scope: { fascias: row.fascias, countries: row.countries },
    effect: row.effect,
  };
}

/** A scope written one way: sorted values, or just '*' (so the same scope is found again to revoke it). */
export function normalScope({ fascias, countries }: Scope): Scope {
  const normal = (values: readonly string[]) => (values.includes(ANY) ? [ANY] : [...new Set(values)].sort());
  return { fascias: normal(fascias), countries: normal(countries) };
}

/** Parses a role's actions as `role define` takes them ("view,edit"), or throws naming what is wrong. */
export function parseActions(text: string): Action[] {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) throw new Error(`A role needs at least one action: ${ACTIONS.join(', ')}.`);
  const unknown = names.filter((name) => !ActionSchema.safeParse(name).success);
  if (unknown.length > 0) {
    throw new Error(
      `Unknown action${unknown.length === 1 ? '' : 's'} ${unknown.map((name) => `'${name}'`).join(', ')}: the actions are ${ACTIONS.join(', ')}.`,
    );
  }
  return ACTIONS.filter((action) => names.includes(action));
}

function isBuiltIn(name: string): boolean {
  return Object.hasOwn(BUILT_IN_ROLES, name);
}

/** Defines a role, or changes the actions of one defined before; built-in roles cannot be redefined. */
export async function defineRole(
  db: Queryable,
  name: string,
  actions: readonly Action[],
): Promise<'defined' | 'redefined'> {
  const parsed = RoleNameSchema.safeParse(name);
  if (!parsed.success) throw new Error(`'${name}' is not a role name: ${parsed.error.issues[0]?.message ?? ''}.`);
  if (isBuiltIn(name)) {
    throw new Error(
      `'${name}' is a built-in role (${Object.keys(BUILT_IN_ROLES).join(', ')}) and cannot be redefined; define a role with another name.`,
    );
  }
  const [row] = await changeAndAnnounce<{ inserted: boolean }>(
    db,
    `INSERT INTO roles (name, actions) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET actions = EXCLUDED.actions
     RETURNING (xmax = 0) AS inserted`,
    [name, [...actions]],
  );
  return row?.inserted ? 'defined' : 'redefined';
}

/** The defined roles (not the built-in ones), by name. */
export async function definedRoles(db: Queryable): Promise<Role[]> {
  const { rows } = await db.query<Role>('SELECT name, actions FROM roles ORDER BY name');
  return rows;
}

/** Throws unless the role is built in or defined. */
export async function requireRole(db: Queryable, role: string): Promise<void> {
  if (isBuiltIn(role)) return;
  const defined = await definedRoles(db);
  if (defined.some((known) => known.name === role)) return;
  const names = [...Object.keys(BUILT_IN_ROLES), ...defined.map((known) => known.name)];
  throw new Error(
    `No role is named '${role}'. The roles: ${names.join(', ')} (define one with: role define NAME ACTIONS).`,
  );
}

/** Gives the grant; answers its id and whether it is new (the same grant given twice is kept once). */
export async function grantRole(db: Queryable, grant: Grant, by: string): Promise<{ id: string; created: boolean }> {
  await requireRole(db, grant.role);
  const { fascias, countries } = normalScope(grant.scope);
  const values = [grant.role, grant.to.kind, grant.to.name, fascias, countries, grant.effect];
  const [inserted] = await changeAndAnnounce<{ id: string }>(
    db,
    `INSERT INTO grants (role, grantee_kind, grantee_name, fascias, countries, effect, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id::text AS id`,
    [...values, by],
  );
  if (inserted) return { id: inserted.id, created: true };
  const { rows } = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM grants WHERE (role, grantee_kind, grantee_name, fascias, countries, effect) = ($1, $2, $3, $4, $5, $6)`,
    values,
  );
  return { id: rows[0]?.id ?? '', created: false };
}

/** Revokes the grant given with exactly this role, grantee, scope and effect; answers its id, or null. */
export async function revokeGrant(db: Queryable, grant: Grant): Promise<string | null> {
  const { fascias, countries } = normalScope(grant.scope);
  const [row] = await changeAndAnnounce<{ id: string }>(
    db,
    `DELETE FROM grants WHERE (role, grantee_kind, grantee_name, fascias, countries, effect) = ($1, $2, $3, $4, $5, $6)
     RETURNING id::text AS id`,
    [grant.role, grant.to.kind, grant.to.name, fascias, countries, grant.effect],
  );
  return row?.id ?? null;
}

/** Revokes a grant by its id (`grant list` shows them); answers whether it existed. */
export async function revokeGrantById(db: Queryable, id: string): Promise<boolean> {
  if (!/^\d{1,18}$/.test(id)) return false;
  const rows = await changeAndAnnounce(db, 'DELETE FROM grants WHERE id = $1 RETURNING id', [id]);
  return rows.length > 0;
}

/** Every grant, or those given to one user or group, oldest first. */
export async function listGrants(db: Queryable, to?: Grantee): Promise<StoredGrant[]> {
  const { rows } = await db.query<GrantRow>(
    `SELECT ${GRANT_COLUMNS} FROM grants g
      WHERE $1::text IS NULL OR (g.grantee_kind = $1 AND g.grantee_name = $2) ORDER BY g.id`,
    [to?.kind ?? null, to?.name ?? null],
  );
  return rows.map((row) => ({
    ...grantOf(row),
    id: row.id,
    createdAt: row.created_at.toISOString(),
    createdBy: row.created_by,
  }));
}

/**
 * Disables or enables a user; answers whether the user exists. A disabled user's tokens are refused from the
 * next request on, and their event streams are ended (announced as revocations of each token).
 */
export async function setUserDisabled(db: Queryable, email: string, disabled: boolean): Promise<boolean> {
  const { rows } = await db.query(
    `WITH changed AS (
       UPDATE users SET disabled_at = CASE WHEN $2 THEN COALESCE(disabled_at, now()) END WHERE email = $1 RETURNING email)
     SELECT pg_notify($3, json_build_object('type', 'token-revoked', 'tokenId', t.id)::text)
       FROM changed LEFT JOIN api_tokens t ON $2 AND t.user_email = changed.email`,
    [email, disabled, EVENTS_CHANNEL],
  );
  return rows.length > 0;
}
