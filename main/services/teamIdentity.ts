import { z } from 'zod';
import { PermissionsSchema, type Permissions } from '../../core/permissions';
import type { UserPermissions } from '../../core/team';
import type { KeyValueStore } from './stores';

/**
 * Who the team server says the token is (GET /me) and what they may do (issue 22), as last confirmed: kept
 * in memory and in settings with the server's address (the token is in the SecretStore), so that after a
 * restart the editor shows the user's permissions before the server answers again.
 */

const SETTINGS_KEY = 'teamServer';

const StoredTeamSchema = z.object({
  url: z.string(),
  allowInsecureHttp: z.boolean().default(false),
  user: z.string().nullable().default(null),
  permissions: PermissionsSchema.nullable().default(null),
});
export type StoredTeam = z.infer<typeof StoredTeamSchema>;

export interface TeamIdentity {
  /** The sign-in kept in settings, or null. */
  stored(): StoredTeam | null;
  /** Takes these as known without writing them (a start from settings, or another server's session). */
  assume(known: Pick<StoredTeam, 'user' | 'permissions'> | null): void;
  /** The server's answer for this sign-in: kept and written to settings. Answers whether anything changed. */
  confirm(sign: Pick<StoredTeam, 'url' | 'allowInsecureHttp'>, user: string, permissions: Permissions): boolean;
  user(): string | null;
  permissions(): UserPermissions;
}

export function createTeamIdentity(store: KeyValueStore): TeamIdentity {
  let user: string | null = null;
  let permissions: Permissions | null = null;
  return {
    stored() {
      const parsed = StoredTeamSchema.safeParse(store.get(SETTINGS_KEY));
      return parsed.success ? parsed.data : null;
    },
    assume(known) {
      user = known?.user ?? null;
      permissions = known?.permissions ?? null;
    },
    confirm({ url, allowInsecureHttp }, confirmedUser, confirmedPermissions) {
      const changed = confirmedUser !== user || JSON.stringify(confirmedPermissions) !== JSON.stringify(permissions);
      user = confirmedUser;
      permissions = confirmedPermissions;
      store.set(SETTINGS_KEY, { url, allowInsecureHttp, user, permissions } satisfies StoredTeam);
      return changed;
    },
    user: () => user,
    permissions: () => (permissions ? { mode: 'granted', permissions } : { mode: 'everything' }),
  };
}
