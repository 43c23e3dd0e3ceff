import { type AlertEvent, AlertEventSchema } from '@portal/domain';
import { createParser } from 'eventsource-parser';

/** One message of the stream as a client sees it. */
export interface StreamMessage {
  event: string;
  id: string | null;
  data: string;
  /** performance.now() when the message was read (the bench times delivery with it). */
  receivedAt: number;
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
    // Parsed with the library the web client uses, so the tests read the stream as the product does.
    const parser = createParser({
      onEvent: (message) => {
        messages.push({
          event: message.event ?? 'message',
          id: message.id ?? null,
          data: message.data,
          receivedAt: performance.now(),
        });
        for (const wake of waiters) wake();
      },
    });
    const decoder = new TextDecoder();
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read())
      parser.feed(decoder.decode(read.value, { stream: true }));
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
