import type { PGlite } from '@electric-sql/pglite';
import { type AlertEvent, seenOnce } from '@portal/domain';
import { or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../../db/client.ts';
import { NOTICE_CHANNELS, type NoticeChannel, noticeIds } from '../../platform/notices.ts';
import {
  afterId,
  type IdRange,
  inRanges,
  loadEvents,
  newestEventId,
  parseRange,
  writtenSince,
} from './queries.ts';

export const EVENTS_CHANNEL = 'alert_events';

/**
 * Receives each batch of new events once, oldest first, with the horizon of the read (queries.ts LoadedEvents),
 * which goes into each event's SSE id.
 */
export type EventListener = (events: readonly AlertEvent[], horizon: string | null) => void;

/** Receives the ids a notice carried, sent by this process or another (platform/notices.ts). */
export type NoticeListener = (ids: ReadonlySet<number>) => void;

const NOTICES: readonly NoticeChannel[] = Object.values(NOTICE_CHANNELS);

// How many delivered ids the bus remembers to drop a repeat (two notified ranges overlapping under concurrency).
const REMEMBERED_IDS = 20_000;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/**
 * The process's one reader of `alert_events`. It listens on the 'alert_events' channel (a dedicated pg.Client on
 * PostgreSQL, PGlite's own `listen()` on the embedded database), and for the notifications that arrived while it
 * was busy reads the new rows with their alerts in one go: one read per wake-up per process, however many
 * subscribers, then hands the batch to every listener in memory. Several server processes on one database each
 * run one bus, so every process sees every event once. On the same connection it hears the notices of
 * platform/notices.ts (revoked sessions, lost memberships), so a signed-out session's streams end at once in every
 * process; a notice sent while the connection was down is caught by each stream's own checks (the session at every
 * heartbeat, what it may see every minute).
 */
export class EventBus {
  private readonly listeners = new Set<EventListener>();
  private readonly noticeListeners = new Map<NoticeChannel, Set<NoticeListener>>(
    NOTICES.map((channel) => [channel, new Set()]),
  );
  private readonly isFirstDelivery = seenOnce<number>(REMEMBERED_IDS);
  private pending: IdRange[] = [];
  /** Catch up on everything after this id on the next read (after (re)connecting); null when not needed. */
  private catchUpAfter: number | null = null;
  private newestSeen = 0;
  /** The horizon of the last read: a catch-up also reads what transactions at or after it wrote. */
  private horizon: string | null = null;
  private draining: Promise<void> | null = null;
  private started: Promise<void> | null = null;
  private stopped = false;
  private client: pg.Client | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private reconnectDelay = RECONNECT_MIN_MS;
  private reconnectTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts listening (once); resolves when notifications are flowing, so nothing committed after is missed. */
  start(): Promise<void> {
    // A failed start (the database unreachable) is tried again by the next subscriber instead of failing forever.
    this.started ??= this.connect().catch((error: unknown) => {
      this.started = null;
      throw error;
    });
    return this.started;
  }

  /** Adds a listener; answers the function that removes it. */
  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Adds a listener for a notice channel; answers the function that removes it. */
  onNotice(channel: NoticeChannel, listener: NoticeListener): () => void {
    const listeners = this.noticeListeners.get(channel);
    listeners?.add(listener);
    return () => void listeners?.delete(listener);
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }

  /** Stops listening and waits for a read in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.listeners.clear();
    for (const listeners of this.noticeListeners.values()) listeners.clear();
    await this.started?.catch(() => undefined);
    await this.draining;
    await this.unlisten?.().catch(() => undefined);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.database.pool) await this.connectPostgres(this.database.pool);
    else await this.connectPglite();
    // Ids before this are history: a new subscriber asks for them with Last-Event-ID.
    if (this.newestSeen === 0) this.newestSeen = await newestEventId(this.database.db);
  }

  private async connectPglite(): Promise<void> {
    const client = Reflect.get(this.database.db, '$client') as PGlite;
    const stops = [await client.listen(EVENTS_CHANNEL, (payload) => this.notified(payload))];
    for (const channel of NOTICES)
      stops.push(await client.listen(channel, (payload) => this.notice(channel, payload)));
    this.unlisten = async () => {
      for (const stop of stops) await stop();
    };
  }

  private async connectPostgres(pool: pg.Pool): Promise<void> {
    // Not from the pool: LISTEN belongs to one connection for as long as the process runs.
    const client = new pg.Client(pool.options);
    client.on('notification', (message) => {
      if (!message.payload) return;
      if (message.channel === EVENTS_CHANNEL) this.notified(message.payload);
      else if ((NOTICES as readonly string[]).includes(message.channel))
        this.notice(message.channel as NoticeChannel, message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    await client.connect();
    await client.query([EVENTS_CHANNEL, ...NOTICES].map((channel) => `listen ${channel}`).join('; '));
    this.client = client;
    this.reconnectDelay = RECONNECT_MIN_MS;
  }

  /** The listening connection dropped: reconnect with backoff, then read whatever was missed meanwhile. */
  private lost(client: pg.Client, error: Error): void {
    if (this.stopped || this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    this.log.warn({ err: error }, 'event bus lost its LISTEN connection; reconnecting');
    const retry = () => {
      this.reconnectTimer = null;
      if (this.stopped || !this.database.pool) return;
      this.connectPostgres(this.database.pool).then(
        () => {
          this.catchUpAfter = this.newestSeen;
          this.schedule();
        },
        (reason: unknown) => {
          this.log.warn({ err: reason }, 'event bus could not reconnect');
          this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
          this.reconnectTimer = setTimeout(retry, this.reconnectDelay);
          this.reconnectTimer.unref();
        },
      );
    };
    this.reconnectTimer = setTimeout(retry, this.reconnectDelay);
    this.reconnectTimer.unref();
  }

  private notified(payload: string): void {
    const range = parseRange(payload);
    if (!range || this.stopped) return;
    this.pending.push(range);
    this.schedule();
  }

  private notice(channel: NoticeChannel, payload: string): void {
    const ids = new Set(noticeIds(payload));
    if (ids.size === 0 || this.stopped) return;
    for (const listener of this.noticeListeners.get(channel) ?? []) {
      try {
        listener(ids);
      } catch (error) {
        this.log.error({ err: error, channel }, 'notice listener failed');
      }
    }
  }

  /** One read at a time; notifications that arrive during a read are read together by the next one. */
  private schedule(): void {
    if (this.draining) return;
    this.draining = (async () => {
      while (!this.stopped && (this.pending.length > 0 || this.catchUpAfter !== null)) {
        const ranges = this.pending;
        const catchUp = this.catchUpAfter;
        this.pending = [];
        this.catchUpAfter = null;
        try {
          // A catch-up (after the LISTEN connection was lost) reads what it may have missed: ids after the newest
          // seen, and what transactions still running at the last read wrote since, whatever their ids.
          const parts: SQL[] = ranges.length > 0 ? [inRanges(ranges)] : [];
          if (catchUp !== null) parts.push(afterId(catchUp));
          if (catchUp !== null && this.horizon) parts.push(writtenSince(this.horizon));
          const where = or(...parts) as SQL;
          const loaded = await loadEvents(this.database.db, where);
          if (loaded.horizon) this.horizon = loaded.horizon;
          this.deliver(loaded.events, loaded.horizon);
        } catch (error) {
          if (this.stopped) return;
          this.log.error({ err: error }, 'event bus could not read new events');
          // Read them again with the next wake-up rather than lose them.
          this.pending.push(...ranges);
          if (catchUp !== null) this.catchUpAfter = catchUp;
          await new Promise((resolve) => setTimeout(resolve, this.reconnectDelay).unref());
        }
      }
    })().finally(() => {
      this.draining = null;
    });
  }

  private deliver(events: readonly AlertEvent[], horizon: string | null): void {
    const fresh = events.filter((e) => this.isFirstDelivery(Number(e.id)));
    if (fresh.length === 0) return;
    for (const event of fresh) this.newestSeen = Math.max(this.newestSeen, Number(event.id));
    for (const listener of this.listeners) {
      try {
        listener(fresh, horizon);
      } catch (error) {
        this.log.error({ err: error }, 'event listener failed');
      }
    }
  }
}
