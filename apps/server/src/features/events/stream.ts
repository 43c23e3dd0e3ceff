import type { ServerResponse } from 'node:http';
import { type AlertEvent, EVENT_STREAM } from '@portal/domain';
import { cursorOf } from './queries.ts';

// A client this far behind is not reading; it is cut off and catches up with Last-Event-ID when it returns.
const MAX_UNSENT_BYTES = 1024 * 1024;

/** How a browser's EventSource (and the web client) should wait before reconnecting, in ms. */
export const RETRY_MS = 3000;

/**
 * One SSE message carrying an event, built once per event and written to every stream that may see it. Its `id:` is
 * the stream's cursor (queries.ts cursorOf: the event id and the read's horizon), which a reconnect sends back.
 */
export function alertMessage(event: AlertEvent, horizon: string | null): string {
  return `id: ${cursorOf(event, horizon)}\nevent: ${EVENT_STREAM.alert}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * One open `GET /api/events` response. Until `open()` it holds live events back (the replay of a reconnect is
 * written first), then it writes as they come; ids already written are not written twice.
 */
export class EventStream {
  private held: { id: string; facId: number; text: string }[] | null = [];
  private readonly written = new Set<string>();
  private ended = false;
  /** Looks up again what the viewer may see (set by the route once the stream is open; a lost membership calls it). */
  lookAgain: () => void = () => undefined;

  constructor(
    private readonly raw: ServerResponse,
    /** The facilities the viewer may see; refreshed while the stream is open. */
    public facilityIds: ReadonlySet<number>,
    private readonly onEnd: () => void,
    /** The viewer's session (its revocation ends the stream) and user (a lost membership narrows it at once). */
    public readonly owner: { readonly sessionId: number; readonly userId: number },
  ) {
    raw.on('close', () => this.end());
  }

  get isEnded(): boolean {
    return this.ended;
  }

  /** A live event (already formatted): written if the viewer may see its facility. */
  push(event: { id: string; facId: number }, text: string): void {
    if (this.ended || !this.facilityIds.has(event.facId)) return;
    if (this.held) {
      this.held.push({ id: event.id, facId: event.facId, text });
      return;
    }
    this.write(text);
  }

  /** Replayed events (already filtered to the viewer's facilities), written before any held live event. */
  replay(events: readonly AlertEvent[], horizon: string | null): void {
    for (const event of events) {
      this.written.add(event.id);
      this.write(alertMessage(event, horizon));
    }
  }

  /** Writes `event: name` with a JSON data line. */
  signal(name: string, data: unknown = {}): void {
    this.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  /** A comment line: keeps proxies and the client's idle timers from closing a quiet stream. */
  heartbeat(): void {
    this.write(': keep-alive\n\n');
  }

  /** Ends the replay: writes the live events held meanwhile that the replay did not already carry, then goes live. */
  open(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const event of held) {
      if (!this.written.has(event.id) && this.facilityIds.has(event.facId)) this.write(event.text);
    }
    this.written.clear();
  }

  /** Ends the response (the client reconnects, or is told why by the 401 it then gets). */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.held = null;
    if (!this.raw.writableEnded) this.raw.end();
    this.onEnd();
  }

  private write(text: string): void {
    if (this.ended) return;
    if (this.raw.writableLength > MAX_UNSENT_BYTES) {
      this.end();
      return;
    }
    this.raw.write(text);
  }
}
