import type { EventSourceMessage } from 'eventsource-parser';
import {
  type EventStream,
  type EventStreamOptions,
  openEventStream,
  type StreamStatus,
} from './event-stream.ts';

/** What the tab holding the stream passes on to the other tabs of the browser. */
type Relay =
  | { readonly type: 'message'; readonly message: EventSourceMessage }
  | { readonly type: 'status'; readonly status: StreamStatus }
  | { readonly type: 'refused'; readonly status: number };

export interface SharedEventStreamOptions extends EventStreamOptions {
  /** Tabs opened with the same key share one connection (a key per session: see `sessionStreamKey`). */
  key: string;
  /** The browser's Web Locks (`navigator.locks`); null or absent: each tab keeps a stream of its own. */
  locks?: Pick<LockManager, 'request'> | null;
}

/** A short, stable name for a session's shared stream, so the token itself is not used as a name. */
export function sessionStreamKey(token: string): string {
  // FNV-1a, 32 bits: a name, not a secret; two sessions of one browser at once are all it must tell apart.
  let hash = 0x811c9dc5;
  for (let i = 0; i < token.length; i++) {
    hash ^= token.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}

/**
 * One `GET /api/events` stream for all the tabs of a browser signed in to the same session, instead of one per
 * tab. Over HTTP/1.1 a browser opens at most 6 connections to a host, and a stream holds one for as long as its tab
 * is open: a nurse's or a pharmacist's seventh tab of the portal could not even load its page.
 *
 * The tabs take turns through a Web Lock: the tab holding it opens the stream (`openEventStream`, with its
 * reconnects and Last-Event-ID), applies every message and passes it on to the others over a BroadcastChannel.
 * When that tab closes, signs out or its stream stops, the lock goes to the next tab waiting, which opens the
 * stream again from the last event id it was passed, so the server replays what came in between. Without Web
 * Locks or BroadcastChannel, each tab opens its own stream as before.
 */
export function openSharedEventStream(options: SharedEventStreamOptions): EventStream {
  const { key, locks: givenLocks, ...streamOptions } = options;
  const locks = givenLocks === undefined ? globalThis.navigator?.locks : givenLocks;
  if (!locks || typeof BroadcastChannel === 'undefined') return openEventStream(streamOptions);

  const name = `care-portal-events-${key}`;
  const channel = new BroadcastChannel(name);
  const stopWaiting = new AbortController();
  let lastEventId: string | null = null;
  let stream: EventStream | null = null;
  let closed = false;
  let release = () => {};

  channel.onmessage = (event: MessageEvent<Relay>) => {
    const relay = event.data;
    if (relay.type === 'message') {
      if (relay.message.id !== undefined) lastEventId = relay.message.id;
      options.onMessage(relay.message);
    } else if (relay.type === 'status') {
      options.onStatus?.(relay.status);
    } else {
      options.onRefused?.(relay.status);
    }
  };
  const relay = (message: Relay) => {
    if (!closed) channel.postMessage(message);
  };

  options.onStatus?.('connecting');
  locks
    .request(name, { signal: stopWaiting.signal }, () => {
      if (closed) return undefined;
      // Held until this tab closes the stream, or the stream stops by itself (the session ended).
      return new Promise<void>((resolve) => {
        release = resolve;
        stream = openEventStream({
          ...streamOptions,
          resumeAfter: lastEventId,
          onMessage: (message) => {
            relay({ type: 'message', message });
            options.onMessage(message);
          },
          onStatus: (status) => {
            if (status === 'stopped') resolve();
            else relay({ type: 'status', status });
            options.onStatus?.(status);
          },
          onRefused: (status) => {
            relay({ type: 'refused', status });
            options.onRefused?.(status);
          },
        });
      });
    })
    .catch(() => {
      // Closed while waiting for the lock: nothing was opened.
    });

  return {
    lastEventId: () => stream?.lastEventId() ?? lastEventId,
    close: () => {
      if (closed) return;
      closed = true;
      stopWaiting.abort();
      stream?.close();
      release();
      channel.close();
    },
  };
}
