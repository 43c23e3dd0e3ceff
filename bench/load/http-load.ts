import { Agent, request } from 'node:http';
import autocannon from 'autocannon';
import type { ServerHandle } from './server-handle.ts';
import { summarise } from './server-protocol.ts';

/** One HTTP load run: what was asked and what came back. */
export interface HttpLoad {
  readonly requestsPerSecond: number;
  readonly p50: number;
  readonly p99: number;
  /** Server CPU time per answered request, in ms (the server process only, not the load generator). */
  readonly cpuMsPerRequest: number;
  readonly ok: number;
  readonly failed: number;
}

/** A request template: method, path, headers and body, or a setupRequest that varies them per request. */
export interface LoadTarget {
  readonly path: string;
  readonly method?: 'GET' | 'POST';
  readonly headers?: Record<string, string>;
  readonly setupRequest?: (request: autocannon.Request, context: object) => autocannon.Request;
  readonly onResponse?: (status: number, body: string, context: object) => void;
}

/**
 * Runs autocannon against a server under test for `seconds` with `connections` keep-alive connections, and reads
 * the server's CPU time before and after. Only 2xx answers count as served; anything else is reported as failed.
 */
export async function loadHttp(
  server: ServerHandle,
  target: LoadTarget,
  connections: number,
  seconds: number,
): Promise<HttpLoad> {
  const cpuBefore = await server.cpuMicros();
  const result = await autocannon({
    url: `${server.url}${target.path}`,
    connections,
    duration: seconds,
    method: target.method ?? 'GET',
    headers: target.headers ?? {},
    ...(target.setupRequest || target.onResponse
      ? {
          requests: [
            {
              ...(target.setupRequest ? { setupRequest: target.setupRequest } : {}),
              ...(target.onResponse ? { onResponse: target.onResponse } : {}),
            },
          ],
        }
      : {}),
    timeout: 30,
  });
  const cpuMs = ((await server.cpuMicros()) - cpuBefore) / 1000;
  const ok = result['2xx'];
  return {
    requestsPerSecond: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuMsPerRequest: cpuMs / Math.max(ok, 1),
    ok,
    failed: result.non2xx + result.errors,
  };
}

/**
 * One connection, one request at a time, timed with performance.now() (autocannon's histogram has 1 ms steps,
 * too coarse for a 2 ms page): the latency of the call itself, without queueing. Bounded by time and count.
 */
export async function loadSequential(
  server: ServerHandle,
  target: LoadTarget,
  seconds: number,
  maxCount = 50_000,
): Promise<HttpLoad> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let failed = 0;
  const cpuBefore = await server.cpuMicros();
  const end = performance.now() + seconds * 1000;
  try {
    while (performance.now() < end && times.length + failed < maxCount) {
      const start = performance.now();
      const status = await getStatus(`${server.url}${target.path}`, target.headers ?? {}, agent);
      if (status === 200) times.push(performance.now() - start);
      else failed++;
    }
  } finally {
    agent.destroy();
  }
  const cpuMs = ((await server.cpuMicros()) - cpuBefore) / 1000;
  const latency = summarise(times, seconds);
  return {
    requestsPerSecond: latency.perSecond,
    p50: latency.p50,
    p99: latency.p99,
    cpuMsPerRequest: cpuMs / Math.max(times.length, 1),
    ok: times.length,
    failed,
  };
}

function getStatus(url: string, headers: Record<string, string>, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers, agent }, (res) => {
      res.on('data', () => undefined);
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
