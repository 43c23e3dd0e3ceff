import { createHash } from 'node:crypto';
import { type Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Db, hotPathPool } from '../../db/client.ts';

const dialect = new PgDialect();
// Statement names by text. The alert statements' texts are few (widget x sort x direction x archive x cursor for
// the list, widget x match x action kind for requestaction); the bound only guards against a surprise.
const names = new Map<string, string>();
const MAX_NAMES = 2000;

/**
 * Runs one of the alert hot-path statements (a drizzle SQL, or one already built with its values filled in); on PostgreSQL as a named (prepared) statement, so each pool
 * connection plans a text once instead of on every call (planning was ~40% of the list statement's cost on the
 * bench database, bench/README.md), on the hot path's own connections, which keep each statement's generic plan
 * (`hotPathPool`). Values stay parameters. PGlite runs it as drizzle does.
 */
export async function executePrepared<T>(db: Db, statement: SQL | Query, prefix: string): Promise<T[]> {
  const client: unknown = hotPathPool(db) ?? Reflect.get(db, '$client');
  if (!(client instanceof pg.Pool)) {
    if (statement instanceof SQL) return ((await db.execute(statement)) as unknown as { rows: T[] }).rows;
    // PGlite, a statement already built (its values filled in): as drizzle's PGlite session runs it.
    const pglite = client as { query: (text: string, params: unknown[]) => Promise<{ rows: T[] }> };
    return (await pglite.query(statement.sql, statement.params)).rows;
  }
  const query = statement instanceof SQL ? dialect.sqlToQuery(statement) : statement;
  let name = names.get(query.sql);
  if (!name) {
    name = `${prefix}_${createHash('sha256').update(query.sql).digest('hex').slice(0, 24)}`;
    if (names.size < MAX_NAMES) names.set(query.sql, name);
  }
  // Text and values apart, as drizzle calls the driver (the bench's capture reads them so).
  const result = await client.query<T & pg.QueryResultRow>({ name, text: query.sql }, query.params);
  return result.rows;
}
