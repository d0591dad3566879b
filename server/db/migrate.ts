import type { Queryable } from './database';

/**
 * Schema migrations: numbered SQL files in ./migrations (001_versions.sql, 002_...), each applied once, in
 * order, recorded in schema_migrations. The files are bundled by import.meta.glob, so the built server
 * carries them.
 */

export interface Migration {
  id: number;
  name: string;
  sql: string;
}

const FILE_NAME = /\/(\d{3})_([a-z0-9_]+)\.sql$/;
/** Any fixed number: every process migrating one database takes this same lock. */
const MIGRATION_LOCK = 4_521_907;

const files = import.meta.glob<string>('./migrations/*.sql', { query: '?raw', import: 'default', eager: true });

export function bundledMigrations(): Migration[] {
  const migrations = Object.entries(files).map(([path, sql]) => {
    const match = FILE_NAME.exec(path);
    if (!match) throw new Error(`Migration ${path} is not named like 001_name.sql.`);
    return { id: Number(match[1]), name: match[2] as string, sql };
  });
  migrations.sort((a, b) => a.id - b.id);
  migrations.forEach((migration, index) => {
    if (index > 0 && migrations[index - 1]?.id === migration.id)
      throw new Error(`Two migrations are numbered ${migration.id}.`);
  });
  return migrations;
}

/**
 * Applies the migrations not applied yet, all in one transaction: a failure leaves the schema as it was.
 * A transaction-scoped advisory lock makes two servers starting together take turns; the second finds
 * everything applied. Returns the names applied now. `client` is one connection (a pg.Client or a pool's).
 */
export async function applyMigrations(
  client: Queryable,
  migrations: readonly Migration[] = bundledMigrations(),
): Promise<string[]> {
  await client.query('BEGIN');
  try {
    const applied = await applyMigrationsIn(client, migrations);
    await client.query('COMMIT');
    return applied;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  }
}

/** The migrations' work inside a transaction the caller runs (Database.inTransaction). */
export async function applyMigrationsIn(
  transaction: Queryable,
  migrations: readonly Migration[] = bundledMigrations(),
): Promise<string[]> {
  const applied: string[] = [];
  await transaction.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
  await transaction.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (id integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set(
    (await transaction.query<{ id: number }>('SELECT id FROM schema_migrations')).rows.map((row) => row.id),
  );
  for (const migration of migrations) {
    if (done.has(migration.id)) continue;
    await transaction.query(migration.sql);
    await transaction.query('INSERT INTO schema_migrations (id, name) VALUES ($1, $2)', [migration.id, migration.name]);
    applied.push(`${String(migration.id).padStart(3, '0')}_${migration.name}`);
  }
  return applied;
}
