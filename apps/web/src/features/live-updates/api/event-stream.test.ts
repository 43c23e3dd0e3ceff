import type { EventSourceMessage } from 'eventsource-parser';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BACKOFF,
  backoffDelay,
  type EventStream,
  openEventStream,
  type StreamStatus,
} from './event-stream.ts';

/** One server answer the test writes to by hand, as a real byte stream. */
class FakeConnection {
  readonly headers: Headers;
  readonly signal: AbortSignal | undefined;
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  readonly body = new ReadableStream<Uint8Array>({
    start: (controller) => {
      this.controller = controller;
    },
  });

  constructor(init: RequestInit | undefined) {
    this.headers = new Headers(init?.headers);
    this.signal = init?.signal ?? undefined;
    this.signal?.addEventListener('abort', () => {
      try {
        this.controller.error(new DOMException('aborted', 'AbortError'));
      } catch {
        // Already closed.
      }
    });
  }

  write(text: string) {
    this.controller.enqueue(new TextEncoder().encode(text));
  }

  /** The server ends the response (a proxy timeout, a deploy). */
  end() {
    this.controller.close();
  }

  /** The network goes (the reader sees an error). */
  drop() {
    this.controller.error(new TypeError('network error'));
  }
}

interface Harness {
  stream: EventStream;
  connections: FakeConnection[];
  messages: EventSourceMessage[];
  statuses: StreamStatus[];
  timers: { ms: number; run: () => void }[];
  online: { value: boolean };
  target: EventTarget;
  fetchStatus: { value: number };
  refused: number[];
}

function start(
  token: () => string | null = () => 'tok',
  firstStatus = 200,
  silenceLimitMs = 0,
  resumeAfter: string | null = null,
): Harness {
  const connections: FakeConnection[] = [];
  const messages: EventSourceMessage[] = [];
  const statuses: StreamStatus[] = [];
  const timers: Harness['timers'] = [];
  const online = { value: true };
  const target = new EventTarget();
  const fetchStatus = { value: firstStatus };
  const refused: number[] = [];
  const stream = openEventStream({
    url: '/api/events',
    getToken: token,
    onMessage: (m) => messages.push(m),
    onStatus: (s) => statuses.push(s),
    onRefused: (s) => refused.push(s),
    silenceLimitMs,
    resumeAfter,
    fetch: async (_url, init) => {
      const connection = new FakeConnection(init);
      connections.push(connection);
      if (fetchStatus.value !== 200) {
        return new Response('{"message":"no"}', { status: fetchStatus.value });
      }
      return new Response(connection.body, {
        status: 200,
        headers: { 'content-type': 'text/event-stream' },
      });
    },
    // The middle of each jitter range, so delays are exact.
    random: () => 0.5,
    setTimeout: (run, ms) => {
      const timer = { ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimeout: (handle) => {
      const at = timers.indexOf(handle as Harness['timers'][number]);
      if (at >= 0) timers.splice(at, 1);
    },
    isOnline: () => online.value,
    onlineTarget: target,
  });
  return { stream, connections, messages, statuses, timers, online, target, fetchStatus, refused };
}

/** Lets the stream's promise chain (fetch, reads) run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

/** Fires the one pending reconnect timer and answers its delay. */
async function fireTimer(h: Harness): Promise<number> {
  expect(h.timers).toHaveLength(1);
  const [timer] = h.timers.splice(0, 1);
  timer?.run();
  await settle();
  return timer?.ms ?? -1;
}

let harness: Harness | null = null;
afterEach(() => harness?.stream.close());

describe('backoffDelay', () => {
  it('doubles from one second, caps at 30 s, and keeps half of each step fixed with the rest jittered', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelay(n, () => 0))).toEqual([
      500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000,
    ]);
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => backoffDelay(n, () => 1))).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(backoffDelay(1000, () => 1)).toBe(BACKOFF.capMs);
  });
});

describe('openEventStream', () => {
  it('sends the bearer in a header and parses messages split across chunks, in order', async () => {
    harness = start();
    const h = harness;
    await settle();
    expect(h.connections).toHaveLength(1);
    const [connection] = h.connections;
    expect(connection?.headers.get('authorization')).toBe('Bearer tok');
    expect(connection?.headers.get('accept')).toBe('text/event-stream');
    expect(connection?.headers.get('last-event-id')).toBeNull();

    connection?.write('event: ready\ndata: {}\n\n: keep-alive\n\nevent: al');
    connection?.write('ert\nid: 7\ndata: {"a":');
    connection?.write('1}\n\nevent: alert\nid: 8\ndata: {"a":2}\n\n');
    await settle();
    expect(h.messages).toEqual([
      { event: 'ready', id: undefined, data: '{}' },
      { event: 'alert', id: '7', data: '{"a":1}' },
      { event: 'alert', id: '8', data: '{"a":2}' },
    ]);
    expect(h.stream.lastEventId()).toBe('8');
    expect(h.statuses).toEqual(['connecting', 'live']);
  });

  it('resumes after the last event another tab passed on, from its first connect (a stream taken over)', async () => {
    harness = start(() => 'tok', 200, 0, '57');
    const h = harness;
    await settle();
    expect(h.connections[0]?.headers.get('last-event-id')).toBe('57');
    expect(h.stream.lastEventId()).toBe('57');
    h.connections[0]?.write('event: alert\nid: 58\ndata: {}\n\n');
    await settle();
    expect(h.stream.lastEventId()).toBe('58');
  });

  it('reconnects after a drop with growing, capped waits and sends Last-Event-ID; a ready stream starts over', async () => {
    harness = start();
    const h = harness;
    await settle();
    h.connections[0]?.write('event: ready\ndata: {}\n\nevent: alert\nid: 41\ndata: {}\n\n');
    await settle();
    h.connections[0]?.drop();
    await settle();
    expect(h.statuses.at(-1)).toBe('waiting');

    // The first wait is short; the reconnect asks for what came after event 41.
    expect(await fireTimer(h)).toBe(750);
    expect(h.connections).toHaveLength(2);
    expect(h.connections[1]?.headers.get('last-event-id')).toBe('41');
    expect(h.connections[1]?.headers.get('authorization')).toBe('Bearer tok');

    // Connections the server ends before it is ready back off further each time, up to the cap.
    const waits: number[] = [];
    for (let i = 1; i < 8; i++) {
      h.connections[i]?.end();
      await settle();
      waits.push(await fireTimer(h));
    }
    expect(waits).toEqual([1500, 3000, 6000, 12_000, 22_500, 22_500, 22_500]);
    expect(h.connections).toHaveLength(9);
    expect(h.connections[8]?.headers.get('last-event-id')).toBe('41');

    // A stream that reaches 'ready' resets the backoff; replayed events move Last-Event-ID on.
    h.connections[8]?.write('event: ready\ndata: {}\n\nevent: alert\nid: 42\ndata: {}\n\n');
    await settle();
    h.connections[8]?.end();
    await settle();
    expect(await fireTimer(h)).toBe(750);
    expect(h.connections[9]?.headers.get('last-event-id')).toBe('42');
  });

  it('retries a server error answer, but stops for good on a refused token', async () => {
    harness = start(() => 'tok', 503);
    const h = harness;
    await settle();
    expect(h.statuses.at(-1)).toBe('waiting');
    h.fetchStatus.value = 401;
    await fireTimer(h);
    expect(h.connections).toHaveLength(2);
    expect(h.refused).toEqual([401]);
    expect(h.statuses.at(-1)).toBe('stopped');
    expect(h.timers).toHaveLength(0);
  });

  it('does not retry while offline and reconnects once the browser is back online', async () => {
    harness = start();
    const h = harness;
    await settle();
    h.online.value = false;
    h.connections[0]?.drop();
    await settle();
    expect(h.statuses.at(-1)).toBe('offline');
    expect(h.timers).toHaveLength(0);

    h.online.value = true;
    h.target.dispatchEvent(new Event('online'));
    expect(await fireTimer(h)).toBe(750);
    expect(h.connections).toHaveLength(2);
  });

  it('close() aborts the open response and nothing reconnects; no token means no connection', async () => {
    harness = start();
    const h = harness;
    await settle();
    const signal = h.connections[0]?.signal;
    h.stream.close();
    await settle();
    expect(signal?.aborted).toBe(true);
    expect(h.timers).toHaveLength(0);
    expect(h.connections).toHaveLength(1);
    expect(h.statuses.at(-1)).toBe('stopped');

    harness = start(() => null);
    await settle();
    expect(harness.connections).toHaveLength(0);
    expect(harness.statuses).toEqual(['stopped']);
  });

  it('gives up on a stream silent past the limit and reconnects; any bytes, keep-alives too, keep it', async () => {
    harness = start(() => 'tok', 200, 90_000);
    const h = harness;
    await settle();
    // One pending timer: the silence watch. A keep-alive comment replaces it with a fresh one.
    expect(h.timers.map((t) => t.ms)).toEqual([90_000]);
    const first = h.timers[0];
    h.connections[0]?.write('event: ready\ndata: {}\n\nid: 3\nevent: alert\ndata: {}\n\n: keep-alive\n\n');
    await settle();
    expect(h.timers).toHaveLength(1);
    expect(h.timers[0]).not.toBe(first);
    expect(h.connections[0]?.signal?.aborted).toBe(false);

    // Silence: the watch fires, the response is aborted, and the reconnect wait follows.
    expect(await fireTimer(h)).toBe(90_000);
    expect(h.connections[0]?.signal?.aborted).toBe(true);
    expect(h.statuses.at(-1)).toBe('waiting');
    expect(await fireTimer(h)).toBe(750);
    expect(h.connections).toHaveLength(2);
    expect(h.connections[1]?.headers.get('last-event-id')).toBe('3');
  });

  it('a reconnect after the token changed does not send the old one', async () => {
    let token: string | null = 'tok';
    harness = start(() => token);
    const h = harness;
    await settle();
    token = null;
    h.connections[0]?.drop();
    await settle();
    await fireTimer(h);
    expect(h.connections).toHaveLength(1);
    expect(h.statuses.at(-1)).toBe('stopped');
  });
});
