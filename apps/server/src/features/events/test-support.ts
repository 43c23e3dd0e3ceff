import { type AlertEvent, AlertEventSchema } from '@portal/domain';

/** One message of the stream as a client sees it. */
export interface StreamMessage {
  event: string;
  id: string | null;
  data: string;
}

/** An open `GET /api/events` read with fetch, as the web client reads it; every message kept in order. */
export interface Subscription {
  status: number;
  messages: StreamMessage[];
  /** The `alert` messages, each checked against the shared contract. */
  alerts(): AlertEvent[];
  /** Resolves when a message matches, fails after the timeout with what did arrive. */
  waitFor(match: (m: StreamMessage) => boolean, what: string, timeoutMs?: number): Promise<StreamMessage>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * The few lines of the SSE format the server writes (`event:`, `id:`, `data:`, comments), per the WHATWG rules a
 * blank line ends a message. Test-only: the web client uses eventsource-parser.
 */
function parseBlock(block: string): StreamMessage | null {
  let event = 'message';
  let id: string | null = null;
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'id') id = value;
    else if (field === 'data') data.push(value);
  }
  return data.length === 0 && id === null && event === 'message'
    ? null
    : { event, id, data: data.join('\n') };
}

/** Opens the stream at `baseUrl` with a bearer token (and a Last-Event-ID when reconnecting). */
export async function subscribe(baseUrl: string, token: string, lastEventId?: string): Promise<Subscription> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/events`, {
    headers: {
      authorization: `Bearer ${token}`,
      accept: 'text/event-stream',
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: abort.signal,
  });
  const messages: StreamMessage[] = [];
  const waiters = new Set<() => void>();
  let markEnded: () => void = () => undefined;
  const ended = new Promise<void>((resolve) => {
    markEnded = resolve;
  });
  (async () => {
    if (!response.body || response.status !== 200) return;
    const decoder = new TextDecoder();
    let buffer = '';
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      buffer += decoder.decode(read.value, { stream: true }).replace(/\r\n?/g, '\n');
      let end = buffer.indexOf('\n\n');
      while (end !== -1) {
        const message = parseBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (message) messages.push(message);
        for (const wake of waiters) wake();
        end = buffer.indexOf('\n\n');
      }
    }
  })()
    .catch(() => undefined)
    .finally(() => {
      markEnded();
      for (const wake of waiters) wake();
    });

  return {
    status: response.status,
    messages,
    alerts: () =>
      messages.filter((m) => m.event === 'alert').map((m) => AlertEventSchema.parse(JSON.parse(m.data))),
    ended,
    close: () => abort.abort(),
    waitFor: (match, what, timeoutMs = 10_000) =>
      new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(match);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `timed out waiting for ${what}; got ${messages.map((m) => `${m.event}:${m.data.slice(0, 80)}`).join(' | ')}`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      }),
  };
}

/** True for an `alert` message about the alert with this id and kind. */
export const isAlertEvent = (alertId: number, kind: AlertEvent['kind']) => (m: StreamMessage) => {
  if (m.event !== 'alert') return false;
  const event = JSON.parse(m.data) as AlertEvent;
  return event.alertId === alertId && event.kind === kind;
};
