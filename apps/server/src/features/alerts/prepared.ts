import { createHash } from 'node:crypto';
import { type PGlite, parse as pgliteResults, protocol } from '@electric-sql/pglite';
import { type Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { type Db, hotPathPool } from '../../db/client.ts';

const dialect = new PgDialect();
// Statement names by text. The alert statements' texts are few (widget x sort x direction x archive x cursor for
// the list, widget x match x action kind for requestaction); the bound only guards against a surprise.
const names = new Map<string, string>();
const MAX_NAMES = 2000;

function nameOf(text: string, prefix: string): string {
  let name = names.get(text);
  if (!name) {
    name = `${prefix}_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`;
    if (names.size < MAX_NAMES) names.set(text, name);
  }
  return name;
}

/** Per PGlite database: the statements it has prepared, by name, with their parameters' type oids. */
const pglitePrepared = new WeakMap<PGlite, Map<string, number[]>>();

/**
 * Runs a statement on PGlite as a named statement: parsed (and its parameters' types described) once per database,
 * then only bound and executed. PGlite's own `query` parses and plans every statement afresh, which for the list
 * statement was ~2 ms a call, about what a small page itself costs (bench/README.md, fix 16). This is the sequence
 * of protocol messages `query` sends, with a statement name, under the same two locks `query` takes, so it never
 * interleaves with another statement or runs inside another caller's transaction.
 */
async function runNamedOnPglite<T>(
  pglite: PGlite,
  name: string,
  text: string,
  params: readonly unknown[],
): Promise<T[]> {
  let prepared = pglitePrepared.get(pglite);
  if (!prepared) {
    prepared = new Map();
    pglitePrepared.set(pglite, prepared);
  }
  const known = prepared;
  const send = (message: Uint8Array) => pglite.execProtocolStream(message, { syncToFs: false });
  return pglite._runExclusiveTransaction(() =>
    pglite._runExclusiveQuery(async () => {
      const messages = [];
      try {
        let types = known.get(name);
        if (!types) {
          await send(protocol.serialize.parse({ name, text }));
          types = pgliteResults.parseDescribeStatementResults(
            await send(protocol.serialize.describe({ type: 'S', name })),
          );
          known.set(name, types);
        }
        const oids = types;
        const values = params.map((param, i) => {
          if (param === null || param === undefined) return null;
          const serialize = pglite.serializers[oids[i] ?? 0];
          return serialize ? serialize(param) : String(param);
        });
        messages.push(
          ...(await send(protocol.serialize.bind({ statement: name, values }))),
          ...(await send(protocol.serialize.describe({ type: 'P' }))),
          ...(await send(protocol.serialize.execute({}))),
        );
      } finally {
        messages.push(...(await send(protocol.serialize.sync())));
      }
      // As `query` does outside a transaction: a write reaches the folder before it is acknowledged.
      await pglite.syncToFs();
      return (pgliteResults.parseResults(messages, pglite.parsers)[0]?.rows ?? []) as T[];
    }),
  );
}

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
    // PGlite, a statement already built (its values filled in): named, as on PostgreSQL.
    return runNamedOnPglite<T>(
      client as PGlite,
      nameOf(statement.sql, prefix),
      statement.sql,
      statement.params,
    );
  }
  const query = statement instanceof SQL ? dialect.sqlToQuery(statement) : statement;
  const name = nameOf(query.sql, prefix);
  // Text and values apart, as drizzle calls the driver (the bench's capture reads them so).
  const result = await client.query<T & pg.QueryResultRow>({ name, text: query.sql }, query.params);
  return result.rows;
}
