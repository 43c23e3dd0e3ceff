import { type WidgetKey, widgetByKey } from '@portal/domain';
import { alerts, facilities } from '@portal/server/src/db/schema/index.ts';
import { READ_KEY, sortColumnsOf } from '@portal/server/src/features/alerts/sorting.ts';
import { getTableColumns, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { ServerHandle } from './server-handle.ts';
import type { Statement } from './server-protocol.ts';

/** Where a part runs: the engine, its database and the portal server started on it. */
export interface BenchTarget {
  readonly engine: 'postgres' | 'pglite';
  /** Set on PostgreSQL: pgbench and the naive route use it. */
  readonly databaseUrl: string | undefined;
  readonly pgliteDir: string | undefined;
  readonly app: ServerHandle;
  /** Bearer tokens of the bench users, by email. */
  readonly tokens: ReadonlyMap<string, string>;
}

/** How long and how hard each measurement runs. */
export interface LoadSettings {
  readonly seconds: number;
  readonly rounds: number;
  readonly connections: number;
  /** What sends the list calls' HTTP load: wrk (C, when installed) or autocannon (JavaScript, in this process). */
  readonly generator: 'wrk' | 'autocannon';
}

/** Signs a user in over HTTP (POST /api/login) and answers the bearer token. */
export async function signIn(server: ServerHandle, email: string, password: string): Promise<string> {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body: unknown = await response.json();
  const token = typeof body === 'object' && body ? Reflect.get(body, 'token') : undefined;
  if (response.status !== 200 || typeof token !== 'string') {
    throw new Error(`sign-in of ${email} failed: ${response.status} ${JSON.stringify(body)}`);
  }
  return token;
}

/** The token of a bench user, or a clear error when setup did not sign them in. */
export function tokenOf(target: BenchTarget, email: string): string {
  const token = target.tokens.get(email);
  if (!token) throw new Error(`${email} is not signed in`);
  return token;
}

/** Starts the naive baseline server on the target's PostgreSQL. */
export function startNaive(target: BenchTarget, poolSize: number): Promise<ServerHandle> {
  return ServerHandle.start({ kind: 'naive', databaseUrl: target.databaseUrl, poolSize, logLevel: 'silent' });
}

/**
 * The page statement alone, the goal baseline: the select of alerts joined to facilities with the viewer's
 * facility ids as a literal array, unread first and then in the widget's default order (the lists' order since
 * migration 0016), limited. Since the list call sends one statement
 * for everything (session, tenancy, page, discussions, count), the page can no longer be picked out of what it
 * sends; it is built here as the route built it before (one statement of its own), so the baseline keeps meaning
 * "the database's ceiling for the page".
 */
export function barePageStatement(key: WidgetKey, isArchived: boolean, facIds: readonly number[]): Statement {
  const widget = widgetByKey(key);
  const sort = sortColumnsOf(widget.key)[widget.defaultSort];
  if (!sort) throw new Error(`${key}: no default sort column`);
  // The archive's default ascending order walks newest first (spec 1, section 9).
  const dir = sql.raw(isArchived ? 'desc' : 'asc');
  // The alert's columns as the route read them before, without list_json and list_rev (migrations 0008 and 0009, the
  // route's kept row): the baseline stays the bare page, not the bare page plus the route's own columns.
  const columns = sql.join(
    Object.values(getTableColumns(alerts))
      .filter((column) => column.name !== 'list_json' && column.name !== 'list_rev')
      .map((column) => sql`${alerts}.${sql.identifier(column.name)}`),
    sql`, `,
  );
  const query = new PgDialect().sqlToQuery(sql`select ${columns}, ${facilities.name} as fac_name,
    ${sort.expr} as sort_value from ${alerts} inner join ${facilities} on ${facilities.facId} = ${alerts.facId}
    where ${alerts.widget} = ${widget.key} and ${alerts.facId} = any(${sql.param([...facIds])}::int[])
    and ${isArchived ? sql`${alerts.isArchived}` : sql`not ${alerts.isArchived}`}
    order by ${READ_KEY}, ${sort.expr} ${dir}, ${alerts.id} ${dir} limit 101`);
  return { text: query.sql, values: query.params };
}

/** The facilities a bench user may see (they are facility users: their memberships). */
export async function facilityIdsOf(target: BenchTarget, email: string): Promise<number[]> {
  const rows = await target.app.query<{ fac_id: number }>(
    'select m.fac_id from facility_memberships m join users u on u.id = m.user_id where u.email = $1 order by 1',
    [email],
  );
  return rows.map((r) => Number(r.fac_id));
}
