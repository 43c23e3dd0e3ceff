import { existsSync } from 'node:fs';
import type { HttpLoad } from './http-load.ts';
import { runToolWithScript } from './run-tool.ts';
import type { ServerHandle } from './server-handle.ts';

/** Debian's wrk (`apt-get install wrk`): an HTTP load generator in C, as pgbench is a database client in C. */
export const WRK = '/usr/bin/wrk';

export function wrkAvailable(): boolean {
  return existsSync(WRK);
}

// wrk's `done` hook writes the run's figures as one JSON line, so nothing depends on its human-readable layout.
// Latencies are in microseconds; errors.status counts answers that were not 2xx or 3xx.
const REPORT_SCRIPT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '\\nWRK_JSON {"requests":%d,"durationUs":%d,"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"p50":%d,"p99":%d}\\n',
    summary.requests, summary.duration, e.status, e.connect, e.read, e.write, e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
`;

interface WrkFigures {
  readonly requests: number;
  readonly durationUs: number;
  readonly status: number;
  readonly connect: number;
  readonly read: number;
  readonly write: number;
  readonly timeout: number;
  readonly p50: number;
  readonly p99: number;
}

/**
 * The same measurement as `loadHttp`, made by wrk on 2 threads (pgbench's -j 2) with `connections` keep-alive
 * connections for `seconds`: a GET with fixed headers. The load generator's own CPU then weighs about what
 * pgbench's client does, where autocannon parses every answer in JavaScript on the same 2 cores.
 */
export async function loadWrk(
  server: ServerHandle,
  target: { readonly path: string; readonly headers?: Record<string, string> },
  connections: number,
  seconds: number,
): Promise<HttpLoad> {
  const headerArgs = Object.entries(target.headers ?? {}).flatMap(([name, value]) => [
    '-H',
    `${name}: ${value}`,
  ]);
  const cpuBefore = await server.cpuMicros();
  const stdout = await runToolWithScript(
    WRK,
    { name: 'report.lua', text: REPORT_SCRIPT },
    (file) => [
      '-t',
      '2',
      '-c',
      String(connections),
      '-d',
      `${seconds}s`,
      '--timeout',
      '30s',
      '-s',
      file,
      ...headerArgs,
      `${server.url}${target.path}`,
    ],
    seconds,
  );
  const cpuMs = ((await server.cpuMicros()) - cpuBefore) / 1000;
  const line = /WRK_JSON (\{.*\})/.exec(stdout)?.[1];
  if (!line) throw new Error(`wrk gave no figures:\n${stdout}`);
  const figures = JSON.parse(line) as WrkFigures;
  const failed = figures.status + figures.connect + figures.read + figures.write + figures.timeout;
  const ok = Math.max(figures.requests - figures.status, 0);
  return {
    requestsPerSecond: ok / (figures.durationUs / 1e6),
    p50: figures.p50 / 1000,
    p99: figures.p99 / 1000,
    cpuMsPerRequest: cpuMs / Math.max(ok, 1),
    ok,
    failed,
  };
}
