import { z } from 'zod';
import { fasciaName } from './fascias';
import type { PageKey } from './schemas';

/**
 * Who may change what on the team server (issue 22): actions, roles (named sets of actions), and grants that
 * give a role within a scope of fascias and countries to a user or to an identity provider's group. The server
 * decides every request with these functions; the desktop reads the same permissions from GET /me only to
 * show what the user may do. The embedded store for one person has no roles.
 */

/** publish (issue 24): puts saved versions live, rolls them back and schedules releases. */
export const ACTIONS = ['view', 'edit', 'structure', 'scripts', 'bookmark', 'publish', 'admin'] as const;
export const ActionSchema = z.enum(ACTIONS);
export type Action = z.infer<typeof ActionSchema>;

/** Any fascia, or any country, in a scope. */
export const ANY = '*';

const ScopeValuesSchema = z.array(z.string().min(1).max(64)).min(1).max(200);

/** Where a grant applies: each list may be ['*']. */
export const ScopeSchema = z.object({ fascias: ScopeValuesSchema, countries: ScopeValuesSchema });
export type Scope = z.infer<typeof ScopeSchema>;

export const EVERYWHERE: Scope = { fascias: [ANY], countries: [ANY] };

export const RoleNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_-]{0,39}$/, 'a role name is lowercase letters, digits, - and _, starting with a letter');

export const RoleSchema = z.object({ name: RoleNameSchema, actions: z.array(ActionSchema).min(1) });
export type Role = z.infer<typeof RoleSchema>;

export const BUILT_IN_ROLES = {
  admin: [...ACTIONS],
  editor: ['view', 'edit', 'structure', 'bookmark'],
  translator: ['view', 'edit'],
  publisher: ['view', 'publish'],
  viewer: ['view'],
} as const satisfies Record<string, readonly Action[]>;

/** A grant's holder: a user (their lowercased email) or a group named by the identity provider. */
export const GranteeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('user'), name: z.string().min(1) }),
  z.object({ kind: z.literal('group'), name: z.string().min(1) }),
]);
export type Grantee = z.infer<typeof GranteeSchema>;

export const GrantSchema = z.object({
  role: RoleNameSchema,
  to: GranteeSchema,
  scope: ScopeSchema,
  /** A deny grant takes its role's actions away within its scope, whatever any allow grant gives. */
  effect: z.enum(['allow', 'deny']),
});
export type Grant = z.infer<typeof GrantSchema>;

/** For one action: the scopes where a grant allows it, and those where one denies it. */
export const ActionScopesSchema = z.object({ allow: z.array(ScopeSchema), deny: z.array(ScopeSchema) });
/** An action a server from before it does not send (publish, issue 24): allowed nowhere. */
const nowhere = (): ActionScopes => ({ allow: [], deny: [] });
export type ActionScopes = z.infer<typeof ActionScopesSchema>;

/** What a user may do, action by action: derived from their grants and the roles they name. */
export const PermissionsSchema = z.object(
  Object.fromEntries(ACTIONS.map((action) => [action, ActionScopesSchema.default(nowhere)])) as Record<
    Action,
    z.ZodDefault<typeof ActionScopesSchema>
  >,
);
export type Permissions = z.infer<typeof PermissionsSchema>;

/** A place content lives: one fascia in one country. */
export type Place = Pick<PageKey, 'fascia' | 'country'>;

/** Parses `--fascia site_jd,site_sz` or `--country GB,IE`: countries lowercased, `*` for any, duplicates dropped. */
export function scopeValues(text: string | undefined, kind: 'fascia' | 'country'): string[] {
  const values = (text ?? ANY)
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value.length > 0)
    .map((value) => (kind === 'country' ? value.toLowerCase() : value));
  if (values.length === 0 || values.includes(ANY)) return [ANY];
  return [...new Set(values)];
}

/** The grants that apply to a user: their own and their groups'. */
export function grantsFor(grants: readonly Grant[], user: string, groups: readonly string[]): Grant[] {
  const memberOf = new Set(groups);
  return grants.filter(({ to }) => (to.kind === 'user' ? to.name === user.toLowerCase() : memberOf.has(to.name)));
}

/**
 * The user's permissions from the grants that apply to them. A grant naming a role that no longer exists
 * gives nothing (and denies nothing: a deny must be explicit to take effect).
 */
export function effectivePermissions(
  grants: readonly Grant[],
  roles: ReadonlyMap<string, readonly Action[]>,
): Permissions {
  const permissions = Object.fromEntries(
    ACTIONS.map((action): [Action, ActionScopes] => [action, { allow: [], deny: [] }]),
  ) as Permissions;
  for (const grant of grants) {
    for (const action of roles.get(grant.role) ?? []) permissions[action][grant.effect].push(grant.scope);
  }
  return permissions;
}

/** The built-in roles and any defined ones, by name (a defined role of a built-in name is refused elsewhere). */
export function roleTable(defined: readonly Role[]): Map<string, readonly Action[]> {
  const table = new Map<string, readonly Action[]>(Object.entries(BUILT_IN_ROLES));
  for (const role of defined) if (!table.has(role.name)) table.set(role.name, role.actions);
  return table;
}

export function scopeCovers(scope: Scope, { fascia, country }: Place): boolean {
  const has = (values: readonly string[], value: string) => values.includes(ANY) || values.includes(value);
  return has(scope.fascias, fascia) && has(scope.countries, country);
}

/** Whether an allow scope covers the place and no deny scope does. */
export function allowedIn({ allow, deny }: ActionScopes, place: Place): boolean {
  return allow.some((scope) => scopeCovers(scope, place)) && !deny.some((scope) => scopeCovers(scope, place));
}

/** Whether the permissions allow the action at the place: an allow grant covers it and no deny grant does. */
export function may(permissions: Permissions, action: Action, place: Place): boolean {
  return allowedIn(permissions[action], place);
}

/** Whether the action is allowed everywhere: server-wide administration (users, roles, the whole audit log). */
export function mayEverywhere(permissions: Permissions, action: Action): boolean {
  const { allow, deny } = permissions[action];
  const isEverywhere = (scope: Scope) => scope.fascias.includes(ANY) && scope.countries.includes(ANY);
  return allow.some(isEverywhere) && deny.length === 0;
}

/** Places as a reader says them: "JD DE", "JD App GB", "every fascia in DE". */
export function describePlace({ fascia, country }: Place): string {
  return `${fasciaName(fascia)} ${country.toUpperCase()}`;
}

export function describeScope(scope: Scope): string {
  const fascias = scope.fascias.includes(ANY) ? 'every fascia' : scope.fascias.map(fasciaName).join(', ');
  const countries = scope.countries.includes(ANY)
    ? 'every country'
    : scope.countries.map((country) => country.toUpperCase()).join(', ');
  return `${fascias} in ${countries}`;
}
