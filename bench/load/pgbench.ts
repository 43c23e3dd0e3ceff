import { runToolWithScript } from './run-tool.ts';
import type { Statement } from './server-protocol.ts';

/** A pgbench run: transactions per second and mean latency (pgbench reports no percentiles without logs). */
export interface PgbenchResult {
  readonly tps: number;
  readonly latencyMs: number;
  readonly failed: number;
}

/**
 * A statement with its values written in as literals, for a pgbench script. Every value is a quoted literal of
 * unknown type, so PostgreSQL types it from the context exactly as it types a bound parameter.
 */
export function inlineStatement(statement: Statement): string {
  const text = statement.text.replace(/\$(\d+)/g, (_, n: string) => literal(statement.values[Number(n) - 1]));
  return text.replace(/\s+/g, ' ').trim();
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return quote(value.toISOString());
  if (Array.isArray(value)) return quote(`{${value.map((v) => String(v)).join(',')}}`);
  if (typeof value === 'object') return quote(JSON.stringify(value));
  return quote(String(value));
}

function quote(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * Runs a pgbench custom script (one transaction = the whole script) against the database for `seconds` with
 * `clients` connections over 2 threads, without vacuuming first (-n: the tables are the portal's, not pgbench's).
 */
export async function runPgbench(
  databaseUrl: string,
  script: string,
  clients: number,
  seconds: number,
  mode: 'simple' | 'prepared' = 'simple',
): Promise<PgbenchResult> {
  const url = new URL(databaseUrl);
  const stdout = await runToolWithScript(
    'pgbench',
    { name: 'script.sql', text: script },
    (file) => [
      '-n',
      '-M',
      mode,
      '-f',
      file,
      '-c',
      String(clients),
      '-j',
      '2',
      '-T',
      String(seconds),
      '-h',
      url.hostname,
      '-p',
      url.port || '5432',
      '-U',
      decodeURIComponent(url.username || 'postgres'),
      url.pathname.slice(1),
    ],
    seconds,
  );
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1];
  const latency = /latency average = ([\d.]+) ms/.exec(stdout)?.[1];
  const failed = /number of failed transactions: (\d+)/.exec(stdout)?.[1];
  if (!tps) throw new Error(`pgbench gave no tps:\n${stdout}`);
  return { tps: Number(tps), latencyMs: Number(latency ?? 0), failed: Number(failed ?? 0) };
}
