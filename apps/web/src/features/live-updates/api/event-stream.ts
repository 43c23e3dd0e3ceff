import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** Where the stream stands, for an indicator and for tests. */
export type StreamStatus = 'connecting' | 'live' | 'waiting' | 'offline' | 'stopped';

/** Reconnect delays: exponential from `baseMs`, capped at `capMs`, each with jitter. */
export const BACKOFF = { baseMs: 1000, capMs: 30_000 } as const;

/**
 * A stream silent this long is taken as dead and reopened. The server writes a keep-alive comment every 25 s by
 * default; a laptop waking from sleep or a half-open connection otherwise leaves a read that never ends.
 */
export const SILENCE_LIMIT_MS = 90_000;

/**
 * The wait before reconnect attempt `attempt` (0 for the first after a drop): half the exponential step for
 * sure and the other half at random ("equal jitter"), so tabs dropped together do not come back together, and
 * no attempt comes back in a tight loop.
 */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(BACKOFF.capMs, BACKOFF.baseMs * 2 ** Math.min(attempt, 30));
  return Math.round(step / 2 + (random() * step) / 2);
}

export interface EventStreamOptions {
  url: string;
  /** The bearer to send on each (re)connect; null ends the stream. */
  getToken: () => string | null;
  /** Every message with its event name, id and data, in order. */
  onMessage: (message: EventSourceMessage) => void;
  onStatus?: (status: StreamStatus) => void;
  /** The server refused the token (401/403): the stream stops instead of retrying. */
  onRefused?: (status: number) => void;
  /** The id of the last event already seen, sent as Last-Event-ID on the first connect (a stream taken over). */
  resumeAfter?: string | null;
  /** How long a silent stream is trusted (default SILENCE_LIMIT_MS; 0 trusts it forever). */
  silenceLimitMs?: number;
  /** Only for tests: the fetch, randomness, timers and online state to use. */
  fetch?: typeof fetch;
  random?: () => number;
  setTimeout?: (callback: () => void, ms: number) => unknown;
  clearTimeout?: (handle: unknown) => void;
  isOnline?: () => boolean;
  /** Where 'online' events come from (the window). */
  onlineTarget?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> | null;
}

/** A running stream: the id of the last event seen (sent back as Last-Event-ID) and a way to stop it. */
export interface EventStream {
  lastEventId: () => string | null;
  close: () => void;
}

/**
 * Reads `GET /api/events` with `fetch` (the bearer goes in a header, never in the URL, so not EventSource),
 * parses it with eventsource-parser, and on any drop reconnects after an exponential, jittered wait (cap 30 s)
 * with `Last-Event-ID`, so the server replays what was missed. While the browser says it is offline it does not
 * retry at all; it waits for the 'online' event. A hidden tab keeps its stream.
 */
export function openEventStream(options: EventStreamOptions): EventStream {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const random = options.random ?? Math.random;
  const setTimer = options.setTimeout ?? ((callback, ms) => globalThis.setTimeout(callback, ms));
  const clearTimer =
    options.clearTimeout ??
    ((handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>));
  const isOnline = options.isOnline ?? (() => typeof navigator === 'undefined' || navigator.onLine !== false);
  const onlineTarget = options.onlineTarget === undefined ? globalThis.window : options.onlineTarget;
  const silenceLimitMs = options.silenceLimitMs ?? SILENCE_LIMIT_MS;

  let lastEventId: string | null = options.resumeAfter ?? null;
  let attempt = 0;
  let closed = false;
  let timer: unknown = null;
  let controller: AbortController | null = null;
  let waitingForOnline = false;

  const setStatus = (status: StreamStatus) => options.onStatus?.(status);

  const onOnline = () => {
    if (!waitingForOnline || closed) return;
    waitingForOnline = false;
    onlineTarget?.removeEventListener('online', onOnline);
    // Back online: try soon, still with jitter, as every tab of the ward comes back at the same moment.
    schedule(backoffDelay(0, random));
  };

  function schedule(delay: number) {
    if (closed) return;
    timer = setTimer(() => {
      timer = null;
      void connect();
    }, delay);
  }

  function retry() {
    if (closed) return;
    if (!isOnline()) {
      setStatus('offline');
      if (!waitingForOnline) {
        waitingForOnline = true;
        onlineTarget?.addEventListener('online', onOnline);
      }
      return;
    }
    setStatus('waiting');
    schedule(backoffDelay(attempt, random));
    attempt += 1;
  }

  async function connect() {
    if (closed) return;
    const token = options.getToken();
    if (!token) {
      stop();
      return;
    }
    setStatus('connecting');
    const connection = new AbortController();
    controller = connection;
    let silence: unknown = null;
    const listen = () => {
      if (silenceLimitMs <= 0) return;
      if (silence !== null) clearTimer(silence);
      silence = setTimer(() => connection.abort(), silenceLimitMs);
    };
    const headers: Record<string, string> = {
      accept: 'text/event-stream',
      authorization: `Bearer ${token}`,
    };
    if (lastEventId) headers['last-event-id'] = lastEventId;

    const parser = createParser({
      onEvent: (message) => {
        if (message.id !== undefined) lastEventId = message.id;
        if (message.event === 'ready') {
          // A stream the server accepted and wrote to: the next drop starts the backoff afresh.
          attempt = 0;
          setStatus('live');
        }
        options.onMessage(message);
      },
    });

    try {
      const response = await doFetch(options.url, {
        headers,
        signal: connection.signal,
        cache: 'no-store',
      });
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        stop();
        options.onRefused?.(response.status);
        return;
      }
      if (!response.ok || !response.body) {
        await response.body?.cancel();
        retry();
        return;
      }
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      listen();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        listen();
        parser.feed(value);
      }
    } catch {
      // A network drop, a silent stream given up, or close(): each ends this connection (close() sets `closed`).
    } finally {
      if (silence !== null) clearTimer(silence);
    }
    if (!closed) retry();
  }

  function stop() {
    if (closed) return;
    closed = true;
    if (timer !== null) clearTimer(timer);
    timer = null;
    controller?.abort();
    onlineTarget?.removeEventListener('online', onOnline);
    setStatus('stopped');
  }

  void connect();
  return { lastEventId: () => lastEventId, close: stop };
}
