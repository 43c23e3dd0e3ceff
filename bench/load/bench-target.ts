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

/** The route's page statement among those it ran: the select of alerts joined to facilities, ordered and limited. */
export function pageStatement(statements: readonly Statement[]): Statement {
  const page = statements.find(
    (s) => /from "alerts" inner join "facilities"/i.test(s.text) && /order by/i.test(s.text),
  );
  if (!page) throw new Error(`no page statement among:\n${statements.map((s) => s.text).join('\n')}`);
  return page;
}
