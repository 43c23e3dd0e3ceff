import { randomUUID } from 'node:crypto';
import { type AnyAlert, INGEST_MAX_BATCH, WIDGETS, type WidgetKey, widgetByKey } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertActions, alerts, auditEvents, outbox } from '../../db/schema/index.ts';
import { listAlerts } from '../../test/alerts.ts';
import { NURSE, SUPER } from '../../test/demo-accounts.ts';
import { bearer, buildTestApp, signInAll, type TestApp } from '../../test/test-app.ts';
import { sweepReminders } from '../settings/index.ts';
import { INGEST_EXAMPLES } from './examples.ts';

let t: TestApp;
let tokens: Record<string, string>;
const keys: Record<string, { id: number; secret: string }> = {};

beforeAll(async () => {
  t = await buildTestApp();
  tokens = await signInAll(t.app, [SUPER, NURSE]);
  for (const pharmID of ['sprx', 'ohio']) {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/pharmacy-keys',
      headers: bearer(tokens[SUPER] ?? ''),
      payload: { pharmID, name: `${pharmID} system` },
    });
    const body = response.json() as { key: { id: number }; secret: string };
    keys[pharmID] = { id: body.key.id, secret: body.secret };
  }
}, 60_000);
afterAll(() => t.close());

const ingest = (widget: WidgetKey, payload: unknown, secret = keys.sprx?.secret ?? '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/ingest/${widget}`,
    headers: bearer(secret),
    payload: payload as Record<string, unknown>,
  });

const alertRow = (overrides: Record<string, unknown> = {}) => ({
  _internalUUID: randomUUID(),
  rxNo: String(7_000_000 + Math.floor(Math.random() * 999_999)),
  facID: 101,
  patName: 'Ingested, Ida',
  drugLabelName: 'Apixaban 5 mg tablet',
  dateCreated: '2026-11-02T14:00:00Z',
  ...overrides,
});

const countByUuid = async (uuids: readonly string[]) => {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(alerts)
    .where(sql`${alerts.uuid} = any(${sql.param([...uuids])}::uuid[])`);
  return Number(row?.n ?? 0);
};

describe('a batch of 1,000', () => {
  it('creates 1,000 alerts, and the same batch again changes nothing', async () => {
    const priorAuth = widgetByKey('priorAuth');
    const before = await listAlerts(t.app, tokens[SUPER] ?? '', priorAuth, 'facilityIds=102');
    const batch = Array.from({ length: 1000 }, (_, i) =>
      alertRow({ facID: 102, rxNo: String(8_000_000 + i), billingComment: `PA ${i}`, ttlPrice: 10.005 + i }),
    );
    const first = await ingest('priorAuth', { alerts: batch });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ created: 1000, updated: 0, archived: 0, unchanged: 0 });
    const stamp = await t.database.db
      .select({ updatedAt: alerts.updatedAt })
      .from(alerts)
      .where(eq(alerts.uuid, batch[0]?._internalUUID ?? ''));

    const again = await ingest('priorAuth', { alerts: batch });
    expect(again.json()).toEqual({ created: 0, updated: 0, archived: 0, unchanged: 1000 });
    expect(await countByUuid(batch.map((b) => b._internalUUID))).toBe(1000);
    const after = await listAlerts(t.app, tokens[SUPER] ?? '', priorAuth, 'facilityIds=102');
    expect(after.count).toBe(before.count + 1000);
    const restamp = await t.database.db
      .select({ updatedAt: alerts.updatedAt })
      .from(alerts)
      .where(eq(alerts.uuid, batch[0]?._internalUUID ?? ''));
    expect(restamp).toEqual(stamp);
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'ingest.batch'), eq(auditEvents.recordType, 'priorAuth')));
    expect(audits.map((a) => a.detail)).toEqual([
      expect.objectContaining({ created: 1000, pharmID: 'sprx' }),
      expect.objectContaining({ unchanged: 1000 }),
    ]);
  }, 120_000);

  it(`refuses more than ${INGEST_MAX_BATCH} alerts with 413`, async () => {
    const batch = Array.from({ length: INGEST_MAX_BATCH + 1 }, () => alertRow());
    const response = await ingest('theraInt', { alerts: batch });
    expect(response.statusCode).toBe(413);
    expect(await countByUuid(batch.map((b) => b._internalUUID))).toBe(0);
  });
});

describe('updates and archives', () => {
  it('updates by _internalUUID, archives, and leaves the facility answer alone', async () => {
    const row = alertRow({ billingComment: 'PA submitted' });
    expect((await ingest('priorAuth', row)).json()).toMatchObject({ created: 1 });
    const changed = { ...row, billingComment: 'PA approved', pharmacyStatus: 'approved' };
    expect((await ingest('priorAuth', { alerts: [changed] })).json()).toEqual({
      created: 0,
      updated: 1,
      archived: 0,
      unchanged: 0,
    });
    const [stored] = await t.database.db.select().from(alerts).where(eq(alerts.uuid, row._internalUUID));
    expect(stored?.details).toMatchObject({ billingComment: 'PA approved' });
    expect(stored?.pharmacyStatus).toBe('approved');
    await t.database.db.update(alerts).set({ srxStatus: 'ask' }).where(eq(alerts.uuid, row._internalUUID));

    const archived = await ingest('priorAuth', { alerts: [{ ...changed, archived: true }] });
    expect(archived.json()).toEqual({ created: 0, updated: 0, archived: 1, unchanged: 0 });
    const again = await ingest('priorAuth', { alerts: [{ ...changed, archived: true }] });
    expect(again.json()).toMatchObject({ unchanged: 1 });
    const [after] = await t.database.db.select().from(alerts).where(eq(alerts.uuid, row._internalUUID));
    expect(after?.isArchived).toBe(true);
    expect(after?.srxStatus).toBe('ask');
    expect(after?.id).toBe(stored?.id);
  });
});

describe('refusals', () => {
  it('rejects a whole batch for one bad row, naming its index and field', async () => {
    const batch = [alertRow(), alertRow(), alertRow({ dateCreated: 'last Tuesday' })];
    const response = await ingest('theraInt', { alerts: batch });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json().fields)).toEqual(['alerts.2.dateCreated']);
    expect(await countByUuid(batch.map((b) => b._internalUUID))).toBe(0);
  });

  it('refuses unknown fields, naming their row, and a repeated _internalUUID in one batch', async () => {
    const unknown = await ingest('theraInt', { alerts: [alertRow(), alertRow({ srxStatus: 'approve' })] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ 'alerts.1.srxStatus': 'Unknown field' });
    const row = alertRow();
    const repeated = await ingest('theraInt', { alerts: [row, alertRow(), row] });
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().fields).toEqual({ 'alerts.2._internalUUID': expect.stringContaining('row 0') });
    expect(await countByUuid([row._internalUUID])).toBe(0);
  });

  it('refuses a row that both brings its alert back and names an archive, leaving the alert as it was', async () => {
    const row = alertRow();
    expect((await ingest('theraInt', { alerts: [row] })).statusCode).toBe(200);
    for (const archive of [{ archiveDtTm: '2026-11-03T10:00:00Z' }, { _internalArchiveID: 77 }]) {
      const response = await ingest('theraInt', {
        alerts: [alertRow(), { ...row, archived: false, ...archive }],
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({
        'alerts.1.archived': expect.stringContaining('archived: false'),
      });
    }
    const [stored] = await t.database.db
      .select({ archivedAt: alerts.archivedAt, archiveId: alerts.archiveId })
      .from(alerts)
      .where(eq(alerts.uuid, row._internalUUID));
    expect(stored).toEqual({ archivedAt: null, archiveId: null });
  });

  it('refuses a sprx key writing an upny facility (403 naming the row), and writes nothing', async () => {
    const batch = [alertRow(), alertRow({ facID: 201 })];
    const response = await ingest('nonCovered', { alerts: batch });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toMatch(/^Row 1: facility 201/);
    expect(response.json().fields).toHaveProperty(['alerts.1.facID']);
    expect(await countByUuid(batch.map((b) => b._internalUUID))).toBe(0);
    const unknownFacility = await ingest('nonCovered', { alerts: [alertRow({ facID: 999 })] });
    expect(unknownFacility.statusCode).toBe(403);
    const denied = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'ingest.batch'), eq(auditEvents.outcome, 'denied')));
    expect(denied.length).toBeGreaterThanOrEqual(2);
  });

  it("refuses to touch another pharmacy's alert through its _internalUUID", async () => {
    const ohioRow = alertRow({ facID: 301 });
    expect((await ingest('theraInt', ohioRow, keys.ohio?.secret)).statusCode).toBe(200);
    const response = await ingest('theraInt', { ...ohioRow, facID: 101 });
    expect(response.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(alerts).where(eq(alerts.uuid, ohioRow._internalUUID));
    expect(row?.facId).toBe(301);
  });

  it('answers 401 without a key, with a session token, and with a revoked key', async () => {
    expect((await ingest('theraInt', alertRow(), '')).statusCode).toBe(401);
    expect((await ingest('theraInt', alertRow(), tokens[SUPER])).statusCode).toBe(401);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/pharmacy-keys',
      headers: bearer(tokens[SUPER] ?? ''),
      payload: { pharmID: 'sprx', name: 'Short-lived' },
    });
    const { key, secret } = created.json() as { key: { id: number }; secret: string };
    expect((await ingest('theraInt', alertRow(), secret)).statusCode).toBe(200);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/pharmacy-keys/${key.id}`,
      headers: bearer(tokens[SUPER] ?? ''),
    });
    const row = alertRow();
    const refused = await ingest('theraInt', row, secret);
    expect(refused.statusCode).toBe(401);
    expect(await countByUuid([row._internalUUID])).toBe(0);
  });
});

describe('ingested alerts in the portal', () => {
  it.each(WIDGETS.map((w) => w.key))(
    'the %s example is accepted and appears in the widget list',
    async (key) => {
      const example = INGEST_EXAMPLES[key];
      const response = await ingest(key, { alerts: [example] });
      expect(response.statusCode).toBe(200);
      const widget = widgetByKey(key);
      const list = await listAlerts(
        t.app,
        tokens[NURSE] ?? '',
        widget,
        'facilityIds=101&sort=dateCreated&sortOrder=desc',
      );
      expect(list.status).toBe(200);
      const all: AnyAlert[] = list.list;
      const found = all.find((a) => a._internalUUID === example._internalUUID);
      expect(found).toMatchObject({
        rxNo: example.rxNo,
        patName: example.patName,
        readByFaci: false,
        facID: 101,
      });
    },
  );

  it('is answered at once where the facility set auto-respond, and resending it changes nothing', async () => {
    const configured = await t.app.inject({
      method: 'POST',
      url: '/api/facilitysetting',
      headers: bearer(tokens[SUPER] ?? ''),
      payload: { FaciId: 301, WidgetName: 'highCost', settingValues: { AutoRespondAction: 'Approve' } },
    });
    expect(configured.statusCode).toBe(200);
    const row = alertRow({ facID: 301, dateCreated: new Date().toISOString() });
    expect((await ingest('highCost', row, keys.ohio?.secret)).json()).toMatchObject({ created: 1 });
    const [stored] = await t.database.db.select().from(alerts).where(eq(alerts.uuid, row._internalUUID));
    expect(stored?.srxStatus).toBe('approve');
    const thread = await t.database.db
      .select()
      .from(alertActions)
      .where(eq(alertActions.alertId, stored?.id ?? 0));
    expect(thread).toMatchObject([{ action: 'approve', isAutomatic: true }]);
    expect((await ingest('highCost', row, keys.ohio?.secret)).json()).toMatchObject({ unchanged: 1 });
    await t.app.inject({
      method: 'POST',
      url: '/api/facilitysetting',
      headers: bearer(tokens[SUPER] ?? ''),
      payload: { FaciId: 301, WidgetName: 'highCost', settingValues: { AutoRespondAction: '' } },
    });
  });

  it('starts the reminder clock from dateCreated', async () => {
    const configure = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/facilitysetting',
        headers: bearer(tokens[SUPER] ?? ''),
        payload: { FaciId: 301, WidgetName: 'highCostAlerts', ...payload },
      });
    await configure({
      settingValues: { EmailNotificationMaxCount: 1, EmailNotificationIntervalMinutes: 30 },
    });
    await configure({ ContactInfo: { Email: 'reminders@buckeye.test' } });
    const created = new Date('2026-11-03T08:00:00Z');
    const row = alertRow({ facID: 301, dateCreated: created.toISOString() });
    expect((await ingest('highCostAlerts', row, keys.ohio?.secret)).statusCode).toBe(200);
    const [stored] = await t.database.db.select().from(alerts).where(eq(alerts.uuid, row._internalUUID));
    const remindersAt = (minutes: number) =>
      t.database.db.transaction((tx) =>
        sweepReminders(tx, new Date(created.getTime() + minutes * 60_000), t.config.publicUrl),
      );
    expect(await remindersAt(29)).toBe(0);
    expect(await remindersAt(30)).toBe(1);
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'reminders@buckeye.test'));
    expect(mail?.meta).toMatchObject({ alerts: [{ alertId: stored?.id, slot: 1 }] });
  });
});

describe('the OpenAPI document', () => {
  it('describes each widget ingest call with its example and the key calls', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>
      >;
    };
    for (const widget of WIDGETS) {
      const call = doc.paths[`/api/ingest/${widget.key}`]?.post;
      expect(JSON.stringify(call?.requestBody)).toContain(String(INGEST_EXAMPLES[widget.key]._internalUUID));
    }
    expect(doc.paths['/api/pharmacy-keys']).toHaveProperty('post');
    expect(doc.paths['/api/pharmacy-keys/{id}']).toHaveProperty('delete');
  });
});

describe('the kept list rows (alerts.list_json, migration 0008)', () => {
  it('match every alert the batches above created, updated, archived and auto-answered', async () => {
    const result = (await t.database.db.execute(sql`
      select count(*)::int as ingested,
        count(*) filter (where list_json is null or list_json is distinct from alert_list_json(alerts))::int as stale
      from alerts where pat_name = 'Ingested, Ida'`)) as unknown as {
      rows: { ingested: number; stale: number }[];
    };
    expect(result.rows[0]?.ingested).toBeGreaterThan(1000);
    expect(result.rows[0]?.stale).toBe(0);
  });
});

describe('dates PostgreSQL cannot store', () => {
  it.each([
    ['dateCreated', '0000-01-01T00:00:00Z'],
    ['dateCreated', '0001-01-01T00:00:00+01:00'],
    ['dispenseDt', '0000-01-01T00:00:00Z'],
    ['dispenseDt', '1899-12-31T23:59:59Z'],
    // Written in 9999, but the offset carries the instant into 10000 (ISO text +010000-..., a 500 on the insert).
    ['dateCreated', '9999-12-31T23:00:00-05:00'],
    ['dispenseDt', '9999-12-31T23:59:59-23:59'],
    ['archiveDtTm', '9999-12-31T23:59:59-23:59'],
  ])('refuses %s %s with a 400 naming it and stores none of the batch', async (field, value) => {
    const batch = [alertRow(), alertRow({ [field]: value })];
    const response = await ingest('highCost', { alerts: batch });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('Use a year from 1900 to 9999');
    expect(response.json()).toMatchObject({ fields: { [`alerts.1.${field}`]: expect.any(String) } });
    expect(await countByUuid(batch.map((row) => row._internalUUID))).toBe(0);
  });
});

describe('amounts the columns cannot hold once rounded', () => {
  // numeric(12,3) holds less than 1e9; 999999999.9996 is under it as sent but rounds to 1000000000 as stored.
  it.each([
    ['qty', 999_999_999.9996],
    ['orgQty', -999_999_999.9999],
  ])('refuses %s %s with a 400 naming it and stores none of the batch', async (field, value) => {
    const batch = [alertRow(), alertRow({ [field]: value })];
    const response = await ingest('highCost', { alerts: batch });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: { [`alerts.1.${field}`]: expect.any(String) } });
    expect(await countByUuid(batch.map((row) => row._internalUUID))).toBe(0);
  });

  it('takes the largest amount that rounds within the column', async () => {
    const row = alertRow({ qty: 999_999_999.9994, ttlPrice: 999_999_999.99 });
    expect((await ingest('highCost', { alerts: [row] })).statusCode).toBe(200);
  });
});
