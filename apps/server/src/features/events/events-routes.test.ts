import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { type AnyAlert, widgetByKey } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertEvents, alerts } from '../../db/schema/index.ts';
import { listAlerts, requestAction } from '../../test/alerts.ts';
import { DON, NURSE, SUPER } from '../../test/demo-accounts.ts';
import { bearer, buildTestApp, signIn, signInAll, type TestApp } from '../../test/test-app.ts';
import { parseCursor } from './queries.ts';
import { isAlertEvent, type Subscription, subscribe } from './test-support.ts';

const PHARMACY = 'sysadmin@pharmacy.test';

let t: TestApp;
let base: string;
let tokens: Record<string, string>;
const keys: Record<string, string> = {};
const open: Subscription[] = [];

beforeAll(async () => {
  // A one-second heartbeat so the session check that ends a revoked stream runs within the test.
  t = await buildTestApp({ sseHeartbeatSeconds: 1 });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  tokens = await signInAll(t.app, [NURSE, PHARMACY, DON, SUPER]);
  for (const pharmID of ['sprx', 'upny']) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/pharmacy-keys',
      headers: bearer(tokens[SUPER] ?? ''),
      payload: { pharmID, name: `${pharmID} system` },
    });
    keys[pharmID] = (response.json() as { secret: string }).secret;
  }
});
// Streams still open here must not keep the app from closing.
afterAll(async () => t.close());

const token = (email: string) => tokens[email] ?? '';

async function ready(email: string, lastEventId?: string): Promise<Subscription> {
  const subscription = await subscribe(base, token(email), lastEventId);
  expect(subscription.status).toBe(200);
  await subscription.waitFor((m) => m.event === 'ready', `${email} ready`);
  open.push(subscription);
  return subscription;
}

async function highCostAt101(): Promise<AnyAlert> {
  const { list } = await listAlerts(t.app, token(NURSE), widgetByKey('highCost'), 'facilityIds=101');
  const alert = list.find((a) => a.srxStatus === null && a.readByFaci !== null);
  if (!alert) throw new Error('no open markable highCost alert at 101');
  return alert;
}

const ingest = (pharmID: string, alertsToSend: Record<string, unknown>[]) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ingest/priorAuth',
    headers: bearer(keys[pharmID] ?? ''),
    payload: { alerts: alertsToSend },
  });

const ingestRow = (facID: number) => ({
  _internalUUID: randomUUID(),
  rxNo: String(7_000_000 + Math.floor(Math.random() * 999_999)),
  facID,
  patName: 'Streamed, Sam',
  drugLabelName: 'Apixaban 5 mg tablet',
  dateCreated: '2026-11-02T14:00:00Z',
});

describe('GET /api/events', () => {
  it('answers the stream headers, and refuses a caller without a session or with a bad Last-Event-ID', async () => {
    const response = await fetch(`${base}/api/events`, { headers: bearer(token(NURSE)) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(response.headers.get('cache-control')).toContain('no-cache');
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    // The security headers survive writing the stream by hand.
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    await response.body?.cancel();

    const anonymous = await fetch(`${base}/api/events`);
    expect(anonymous.status).toBe(401);
    const bad = await fetch(`${base}/api/events`, {
      headers: { ...bearer(token(NURSE)), 'last-event-id': 'yesterday' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(((await bad.json()) as { fields: unknown }).fields)).toContain(
      'Last-Event-ID must be the id of an event',
    );
    // A horizon past what a transaction id can be (2^64 - 1) is refused too, not cast by the database.
    const beyond = await fetch(`${base}/api/events`, {
      headers: { ...bearer(token(NURSE)), 'last-event-id': '12-18446744073709551616' },
    });
    expect(beyond.status).toBe(400);
  });

  // These two were found by alert-routes.fuzz.test.ts.
  it('refuses a Last-Event-ID with a part that is not digits with 400, not 500', async () => {
    for (const id of ['-x', '-!', '5-x']) {
      const response = await fetch(`${base}/api/events`, {
        headers: { ...bearer(token(NURSE)), 'last-event-id': id },
      });
      expect(response.status, id).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe('VALIDATION_FAILED');
    }
  });

  it('reads a horizon with leading zeros as the decimal it is, and still says ready', async () => {
    // PostgreSQL reads '0090'::xid8 as octal: an error on the embedded database, PostgreSQL 18 (the stream ended
    // before ready, its replay failed behind the 200), 0 on PostgreSQL 15 (every stored event replayed).
    expect(parseCursor('555-0090')).toEqual({ lastId: 555, horizon: '90' });
    expect(parseCursor('555-010')).toEqual({ lastId: 555, horizon: '10' });
    expect(parseCursor('555')).toEqual({ lastId: 555, horizon: null });
    const padded = await ready(NURSE, '555-0090');
    expect(padded.messages.some((m) => m.event === 'ready')).toBe(true);
  });

  it('is documented in the OpenAPI document with an example of the stream', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json() as {
      paths: Record<string, { get?: { description?: string; parameters?: { name: string; in: string }[] } }>;
    };
    const route = doc.paths['/api/events']?.get;
    expect(route?.description).toContain('event: ready');
    expect(route?.description).toContain('Last-Event-ID');
    expect(route?.parameters).toContainEqual(
      expect.objectContaining({ name: 'last-event-id', in: 'header' }),
    );
  });

  it('delivers an action, a Reply, a read change and an ingest batch to who may see 101, and nothing to 201', async () => {
    const [nurse, pharmacy, don] = [await ready(NURSE), await ready(PHARMACY), await ready(DON)];
    const alert = await highCostAt101();
    const target = { widget: 'HighCost', _internalID: alert._internalID };

    const discuss = await requestAction(t.app, token(NURSE), {
      ...target,
      requestedAction: 'ask',
      actionComment: 'Is there a generic?',
    });
    expect(discuss.status, JSON.stringify(discuss.body)).toBe(200);
    for (const who of [nurse, pharmacy]) {
      const recorded = await who.waitFor(isAlertEvent(alert._internalID, 'action.recorded'), 'the Discuss');
      const event = JSON.parse(recorded.data);
      expect(event).toMatchObject({ widget: 'highCost', facId: 101, alertId: alert._internalID });
      // The SSE id is the stream's cursor: the event's id, then the horizon of the read that sent it.
      expect(recorded.id).toMatch(new RegExp(`^${event.id}-\\d+$`));
      // The alert as the list answers it after the change, discussion included.
      expect(event.alert.srxStatus).toBe('ask');
      expect(event.alert.requestedActions.at(-1)).toMatchObject({
        action: 'ask',
        actionComment: 'Is there a generic?',
      });
      await who.waitFor(isAlertEvent(alert._internalID, 'alert.changed'), 'the status change');
    }

    const before = nurse.alerts().length;
    const mark = await t.app.inject({
      method: 'POST',
      url: '/api/highcost_readByFaci',
      headers: bearer(token(NURSE)),
      payload: { _internalID: alert._internalID, readByFaci: true },
    });
    expect(mark.statusCode, mark.body).toBe(200);
    await nurse.waitFor(
      (m) =>
        m.event === 'alert' &&
        nurse.messages.indexOf(m) > before &&
        m.data.includes('"read.changed"') &&
        m.data.includes('"readByFaci":true'),
      'the read mark',
    );

    const markedAt = nurse.messages.length;
    const reply = await requestAction(t.app, token(PHARMACY), {
      ...target,
      requestedAction: 'Reply',
      actionComment: 'Generic is on order',
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    await nurse.waitFor(
      (m) => isAlertEvent(alert._internalID, 'action.recorded')(m) && m.data.includes('Generic is on order'),
      'the Reply',
    );
    const unread = await nurse.waitFor(
      (m) => nurse.messages.indexOf(m) >= markedAt && isAlertEvent(alert._internalID, 'read.changed')(m),
      'the Reply making it unread',
    );
    expect(JSON.parse(unread.data).alert).toMatchObject({ readByFaci: false, hasUnreadReply: true });

    const rows = [ingestRow(101), ingestRow(101)];
    expect((await ingest('sprx', rows)).json()).toMatchObject({ created: 2 });
    expect((await ingest('sprx', [{ ...rows[0], archived: true }])).json()).toMatchObject({ archived: 1 });
    const [created, archived] = await Promise.all([
      pharmacy.waitFor(
        (m) => m.event === 'alert' && m.data.includes(rows[1]?._internalUUID ?? '-'),
        'the ingested alert',
      ),
      nurse.waitFor(
        (m) =>
          m.event === 'alert' &&
          m.data.includes('"alert.archived"') &&
          m.data.includes(rows[0]?._internalUUID ?? '-'),
        'the ingest archive',
      ),
    ]);
    expect(JSON.parse(created.data)).toMatchObject({
      kind: 'alert.created',
      facId: 101,
      widget: 'priorAuth',
    });
    expect(JSON.parse(archived.data).alert.archiveDtTm).not.toBeNull();

    // A change at 201 is the control: don receives that one, and never one of 101.
    const lakeside = ingestRow(201);
    expect((await ingest('upny', [lakeside])).json()).toMatchObject({ created: 1 });
    await don.waitFor((m) => m.data.includes(lakeside._internalUUID), 'the 201 alert');
    await pharmacy.waitFor((m) => m.data.includes(lakeside._internalUUID), 'the 201 alert at the pharmacy');
    expect(don.alerts().map((e) => e.facId)).toEqual([201]);
    expect(nurse.alerts().some((e) => e.facId === 201)).toBe(false);
    // Each event once per subscriber, with increasing ids.
    for (const who of [nurse, pharmacy, don]) {
      const ids = who.alerts().map((e) => Number(e.id));
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    }
  });

  it('replays what a reconnect missed after Last-Event-ID, before ready, then goes live', async () => {
    const first = await ready(NURSE);
    const alert = await highCostAt101();
    await requestAction(t.app, token(NURSE), {
      widget: 'HighCost',
      _internalID: alert._internalID,
      requestedAction: 'ask',
      actionComment: 'first',
    });
    const seen = await first.waitFor(isAlertEvent(alert._internalID, 'alert.changed'), 'the first change');
    first.close();

    // Missed while away: a Reply by the pharmacy, and a change at 201 the nurse may not see.
    await requestAction(t.app, token(PHARMACY), {
      widget: 'HighCost',
      _internalID: alert._internalID,
      requestedAction: 'Reply',
      actionComment: 'while away',
    });
    await ingest('upny', [ingestRow(201)]);

    const again = await ready(NURSE, seen.id ?? '');
    const readyAt = again.messages.findIndex((m) => m.event === 'ready');
    const replayed = again.alerts();
    expect(replayed.length).toBeGreaterThanOrEqual(1);
    expect(again.messages.slice(0, readyAt).filter((m) => m.event === 'alert')).toHaveLength(replayed.length);
    const lastId = Number(seen.id?.split('-')[0]);
    expect(replayed.every((e) => Number(e.id) > lastId && e.facId !== 201)).toBe(true);
    expect(replayed.map((e) => e.kind)).toContain('action.recorded');
    expect(
      replayed.find((e) => e.kind === 'action.recorded')?.alert?.requestedActions.at(-1)?.actionComment,
    ).toBe('while away');

    // And live after the replay.
    await t.app.inject({
      method: 'POST',
      url: '/api/highcost_readByFaci',
      headers: bearer(token(NURSE)),
      payload: { _internalID: alert._internalID, readByFaci: true },
    });
    await again.waitFor(
      (m) =>
        m.event === 'alert' && again.messages.indexOf(m) > readyAt && m.data.includes('"readByFaci":true'),
      'a live event after the replay',
    );
  });

  it('tells the old facility when an alert moves away, and never shows it the alert after the move', async () => {
    const nurse = await ready(NURSE);
    const row = ingestRow(101);
    expect((await ingest('sprx', [row])).json()).toMatchObject({ created: 1 });
    const created = JSON.parse(
      (await nurse.waitFor((m) => m.data.includes(row._internalUUID), 'the new alert at 101')).data,
    );
    const alertId: number = created.alertId;
    const discuss = async (email: string, actionComment: string) => {
      const answer = await requestAction(t.app, token(email), {
        widget: 'PriorAuth',
        _internalID: alertId,
        requestedAction: 'ask',
        actionComment,
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    };
    await discuss(NURSE, 'Seen at 101');
    await nurse.waitFor(isAlertEvent(alertId, 'action.recorded'), 'the Discuss at 101');
    await nurse.waitFor(isAlertEvent(alertId, 'alert.changed'), "the Discuss's status change at 101");

    // The pharmacy system sends the alert again under 102, which the nurse may not see: her stream is told, at 101,
    // without the alert, so her dashboard drops the row.
    const movedAt = nurse.messages.length;
    expect((await ingest('sprx', [{ ...row, facID: 102 }])).json()).toMatchObject({ updated: 1 });
    const left = await nurse.waitFor(
      (m) => nurse.messages.indexOf(m) >= movedAt && isAlertEvent(alertId, 'alert.changed')(m),
      'the move away from 101',
    );
    expect(JSON.parse(left.data)).toMatchObject({ facId: 101, alertId });
    expect(JSON.parse(left.data).alert).toBeUndefined();

    // A discussion at 102 after the move: the nurse's live stream does not carry it, and a reconnect from before
    // the move replays 101's events without the alert as it now is (no 102 comment, no 102 facility).
    await discuss(SUPER, 'Only for 102');
    const again = await ready(NURSE, String(Number(created.id) - 1));
    const replayed = again.alerts().filter((e) => e.alertId === alertId);
    expect(replayed.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['alert.created', 'action.recorded', 'alert.changed']),
    );
    expect(replayed.every((e) => e.facId === 101 && e.alert === undefined)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const stream of [nurse, again]) {
      expect(stream.messages.some((m) => m.data.includes('Only for 102'))).toBe(false);
      expect(stream.alerts().some((e) => e.facId === 102)).toBe(false);
    }
  });

  it('ends the stream of a session that is signed out', async () => {
    const own = await signIn(t.app, NURSE);
    const subscription = await subscribe(base, own);
    await subscription.waitFor((m) => m.event === 'ready', 'ready');
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(own) });
    expect(out.statusCode).toBeLessThan(300);
    await expect(
      Promise.race([
        subscription.ended.then(() => 'ended'),
        new Promise((r) => setTimeout(() => r('still open'), 5000)),
      ]),
    ).resolves.toBe('ended');
  });

  it('answers reset when the gap is gone (retention) or too large, and the retention keeps a day', async () => {
    const [newest] = await t.database.db
      .select({ id: alertEvents.id })
      .from(alertEvents)
      .orderBy(alertEvents.id);
    expect(newest).toBeDefined();
    // The demo world's own events are far more than the replay limit for a super admin from the first id.
    const everything = await ready(SUPER, '1');
    expect(everything.messages.map((m) => m.event)).toEqual(['reset', 'ready']);

    const recent = await t.database.db.select({ id: alertEvents.id }).from(alertEvents);
    await t.app.jobs.runAll(new Date(Date.now() + 2 * 24 * 3_600_000));
    expect(await t.database.db.select({ id: alertEvents.id }).from(alertEvents)).toHaveLength(0);
    const stale = await ready(NURSE, String(Math.max(...recent.map((r) => r.id)) - 5));
    expect(stale.messages.map((m) => m.event)).toEqual(['reset', 'ready']);
    const future = await ready(NURSE, '999999999999');
    expect(future.messages.map((m) => m.event)).toEqual(['reset', 'ready']);
    // A change after the clean-up still arrives.
    const [row] = await t.database.db.select().from(alerts).where(eq(alerts.facId, 101)).limit(1);
    await t.database.db
      .update(alerts)
      .set({ pharmacyStatus: 'streamed' })
      .where(eq(alerts.id, row?.id ?? 0));
    await future.waitFor(isAlertEvent(row?.id ?? 0, 'alert.changed'), 'a change written by hand');
  });
});
