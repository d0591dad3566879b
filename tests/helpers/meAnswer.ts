import { EVERYWHERE, effectivePermissions, roleTable, type Grant } from '../../core/permissions';
import type { MeAnswer } from '../../core/teamProtocol';

/** The GET /me answer of a team server for a user who is an admin everywhere, as JSON text (for fake servers). */
export function adminMeJson(user: string): string {
  const grants: Grant[] = [{ role: 'admin', to: { kind: 'user', name: user }, scope: EVERYWHERE, effect: 'allow' }];
  const answer: MeAnswer = {
    user,
    server: 'storefront-studio',
    groups: [],
    grants,
    permissions: effectivePermissions(grants, roleTable([])),
  };
  return JSON.stringify(answer);
}
