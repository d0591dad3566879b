import { ANY, type ActionScopes, type Scope } from '../../core/permissions';

/**
 * The SQL condition that keeps the rows whose fascia and country these scopes allow (core/permissions.ts
 * allowedIn: an allow scope covers the row and no deny scope does), as Payload's access functions return
 * query constraints: a listing then counts and pages only what the user may see. `parameter` adds a value
 * and answers its placeholder; the columns are named `fascia` and `country`.
 */
export function scopeCondition(scopes: ActionScopes, parameter: (value: unknown) => string): string {
  const covers = (scope: Scope): string => {
    const parts = [
      scope.fascias.includes(ANY) ? null : `fascia = ANY(${parameter(scope.fascias)}::text[])`,
      scope.countries.includes(ANY) ? null : `country = ANY(${parameter(scope.countries)}::text[])`,
    ].filter((part) => part !== null);
    return parts.length === 0 ? 'TRUE' : `(${parts.join(' AND ')})`;
  };
  if (scopes.allow.length === 0) return 'FALSE';
  const allowed = `(${scopes.allow.map(covers).join(' OR ')})`;
  if (scopes.deny.length === 0) return allowed;
  return `(${allowed} AND NOT (${scopes.deny.map(covers).join(' OR ')}))`;
}
