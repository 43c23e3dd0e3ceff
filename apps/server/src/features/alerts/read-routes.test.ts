import {
  ACTION_MESSAGES,
  ALERT_ID_MESSAGES,
  type AnyAlert,
  ENDPOINTS,
  WIDGETS,
  type WidgetKey,
  widgetByKey,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertActions, alerts } from '../../db/schema/index.ts';
import { listAlerts } from '../../test/alerts.ts';
import { bearer, buildTestApp, signInAll, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const token = (email: string) => tokens[email] ?? '';

beforeAll(async () => {
  t = await buildTestApp();
  Object.assign(
    tokens,
    await signInAll(t.app, [
      'nurse@meadowbrook.test',
      'admin@meadowbrook.test',
      'don@lakeside.test',
      'sysadmin@pharmacy.test',
    ]),
  );
});
afterAll(async () => t.close());

async function alertWith(email: string, key: WidgetKey, facId: number, pick: (a: AnyAlert) => boolean) {
  const { list } = await listAlerts(t.app, token(email), widgetByKey(key), `facilityIds=${facId}`);
  const alert = list.find(pick);
  if (!alert) throw new Error(`no matching ${key} alert at ${facId}`);
  return alert;
}

const mark = (email: string, key: WidgetKey, id: number, readByFaci: boolean) =>
  t.app.inject({
    method: 'POST',
    url: `/api${widgetByKey(key).readCall}`,
    headers: bearer(token(email)),
    payload: { _internalID: id, readByFaci },
  });

const stateOf = async (id: number) =>
  (await t.database.db.select().from(alerts).where(eq(alerts.id, id)))[0]?.readByFaci;

describe('the read-state call of every widget', () => {
  it.each(WIDGETS.map((w) => [w.key] as const))(
    '%s marks read and unread for a facility user',
    async (key) => {
      const alert = await alertWith('nurse@meadowbrook.test', key, 101, (a) => a.readByFaci === false);
      expect((await mark('nurse@meadowbrook.test', key, alert._internalID, true)).statusCode).toBe(200);
      expect(await stateOf(alert._internalID)).toBe(true);
      expect((await mark('nurse@meadowbrook.test', key, alert._internalID, false)).statusCode).toBe(200);
      expect(await stateOf(alert._internalID)).toBe(false);
    },
  );

  it("moves an unanswered alert's listed displayStatus between new and old", async () => {
    const listed = async (id: number) =>
      (await alertWith('nurse@meadowbrook.test', 'highCost', 101, (a) => a._internalID === id)).displayStatus;
    const alert = await alertWith(
      'nurse@meadowbrook.test',
      'highCost',
      101,
      (a) => a.readByFaci === false && !a.srxStatus,
    );
    expect(alert.displayStatus).toBe('new');
    expect((await mark('nurse@meadowbrook.test', 'highCost', alert._internalID, true)).statusCode).toBe(200);
    expect(await listed(alert._internalID)).toBe('old');
    expect((await mark('nurse@meadowbrook.test', 'highCost', alert._internalID, false)).statusCode).toBe(200);
    expect(await listed(alert._internalID)).toBe('new');
  });

  it('refuses an alert whose read state is not markable with 400', async () => {
    const alert = await alertWith('nurse@meadowbrook.test', 'openBatch', 101, (a) => a.readByFaci === null);
    const response = await mark('nurse@meadowbrook.test', 'openBatch', alert._internalID, true);
    expect(response.statusCode).toBe(400);
    expect(await stateOf(alert._internalID)).toBeNull();
  });

  it('lets facility 102 mark manually (it allows manual marking only)', async () => {
    const alert = await alertWith('admin@meadowbrook.test', 'highCost', 102, (a) => a.readByFaci === false);
    expect((await mark('admin@meadowbrook.test', 'highCost', alert._internalID, true)).statusCode).toBe(200);
  });

  it("never lets a pharmacy user change a facility's read state", async () => {
    const alert = await alertWith('sysadmin@pharmacy.test', 'nonCovered', 101, (a) => a.readByFaci === false);
    const response = await mark('sysadmin@pharmacy.test', 'nonCovered', alert._internalID, true);
    expect(response.statusCode).toBe(403);
    expect(await stateOf(alert._internalID)).toBe(false);
  });

  it('answers 404 to another pharmacy’s user and changes nothing', async () => {
    const alert = await alertWith('nurse@meadowbrook.test', 'theraInt', 101, (a) => a.readByFaci === false);
    expect((await mark('don@lakeside.test', 'theraInt', alert._internalID, true)).statusCode).toBe(404);
    expect(await stateOf(alert._internalID)).toBe(false);
  });

  it('refuses bad bodies with 400', async () => {
    for (const payload of [
      {},
      { _internalID: 'x', readByFaci: true },
      { _internalID: 1, readByFaci: 'yes' },
      { _internalID: 1, readByFaci: true, more: 1 },
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/highcost_readByFaci',
        headers: bearer(token('nurse@meadowbrook.test')),
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('POST /api/requestaction_readByFaci', () => {
  it('marks an unread pharmacy Reply read for the facility', async () => {
    const alert = await alertWith('nurse@meadowbrook.test', 'pumpPickup', 101, (a) => a.hasUnreadReply);
    const reply = alert.requestedActions.find((a) => a.action === 'Reply' && a.readByFaci === false);
    if (!reply) throw new Error('no unread reply');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/requestaction_readByFaci',
      headers: bearer(token('nurse@meadowbrook.test')),
      payload: { requestActionID: reply.requestActionID, readByFaci: true },
    });
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(alertActions)
      .where(eq(alertActions.id, reply.requestActionID));
    expect(row?.readByFaci).toBe(true);
    const again = await alertWith(
      'nurse@meadowbrook.test',
      'pumpPickup',
      101,
      (a) => a._internalID === alert._internalID,
    );
    expect(again.hasUnreadReply).toBe(false);
  });

  it('refuses pharmacy users, other tenants and entries that are not markable', async () => {
    const alert = await alertWith(
      'nurse@meadowbrook.test',
      'narcoticsRefill',
      101,
      (a) =>
        a.requestedActions.some((r) => r.action === 'Reply') &&
        a.requestedActions.some((r) => r.readByFaci === null),
    );
    const reply = alert.requestedActions.find((a) => a.action === 'Reply');
    const question = alert.requestedActions.find((a) => a.readByFaci === null);
    if (!reply || !question) throw new Error('the demo world has no such alert');
    const post = (email: string, requestActionID: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/requestaction_readByFaci',
        headers: bearer(token(email)),
        payload: { requestActionID, readByFaci: true },
      });
    expect((await post('sysadmin@pharmacy.test', reply.requestActionID)).statusCode).toBe(403);
    expect((await post('don@lakeside.test', reply.requestActionID)).statusCode).toBe(404);
    const notReply = await post('nurse@meadowbrook.test', question.requestActionID);
    expect(notReply.statusCode).toBe(400);
    expect(notReply.json().message).toBe(ACTION_MESSAGES.entryNotMarkable);
    expect((await post('nurse@meadowbrook.test', 987654321)).statusCode).toBe(404);
  });
});

describe('POST /api/requestaction_readByFaci, another tenant', () => {
  it("answers another tenant's entry exactly as an entry that does not exist", async () => {
    const alert = await alertWith('nurse@meadowbrook.test', 'pumpPickup', 101, (a) =>
      a.requestedActions.some((r) => r.action === 'Reply'),
    );
    const reply = alert.requestedActions.find((a) => a.action === 'Reply');
    const post = (requestActionID: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/requestaction_readByFaci',
        headers: bearer(token('don@lakeside.test')),
        payload: { requestActionID, readByFaci: true },
      });
    const hidden = await post(reply?.requestActionID ?? 0);
    const missing = await post(987654321);
    expect(hidden.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(hidden.json()).toEqual(missing.json());
    expect(hidden.json()).toMatchObject({ message: 'No Active Alert Found' });
  });
});

describe('GET /api/alerts/{key}/{identifier}', () => {
  it('finds a live or archived alert by its identifier, and 404s for other tenants', async () => {
    const nurse = token('nurse@meadowbrook.test');
    const { list } = await listAlerts(t.app, nurse, widgetByKey('openBatch'), 'archived=true');
    const archived = list[0];
    if (!archived) throw new Error('no archived alert');
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/alerts/openBatch/${archived.rxNo}`,
      headers: bearer(nurse),
    });
    expect(found.statusCode).toBe(200);
    expect((found.json() as { alert: AnyAlert }).alert.rxNo).toBe(archived.rxNo);
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/alerts/openBatch/${archived.rxNo}`,
      headers: bearer(token('don@lakeside.test')),
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toMatchObject({ message: 'No Active Alert Found' });
    const group = await alertWith('nurse@meadowbrook.test', 'admissionMeds', 101, () => true);
    const byGroup = await t.app.inject({
      method: 'GET',
      url: `/api/alerts/admissionMeds/${(group as Record<string, unknown>).admissionMedsGroupID}`,
      headers: bearer(nurse),
    });
    expect(byGroup.statusCode).toBe(200);
    const badKey = await t.app.inject({ method: 'GET', url: '/api/alerts/nope/1', headers: bearer(nurse) });
    expect(badKey.statusCode).toBe(400);
  });

  it('answers an identifier of any length no alert has with the same 400, never the router\'s "No route"', async () => {
    // 100 characters was the router's own limit on a path parameter: past it the route was never reached.
    const nurse = token('nurse@meadowbrook.test');
    const answers = [];
    for (const length of [65, 100, 101, 300, 2000]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/alerts/highCost/${'7'.repeat(length)}`,
        headers: bearer(nurse),
      });
      expect(response.statusCode, `${length} characters`).toBe(400);
      answers.push(response.json());
    }
    // In words, not the validation library's 'Too big: expected string to have <=64 characters'.
    expect(answers[0]).toEqual({
      message: 'The request is not valid.',
      code: 'VALIDATION_FAILED',
      fields: { identifier: ALERT_ID_MESSAGES.identifierTooLong },
    });
    for (const answer of answers) expect(answer).toEqual(answers[0]);
  });

  it('says what an alert number may be when a read-state call names none', async () => {
    const nurse = 'nurse@meadowbrook.test';
    const sent = (payload: Record<string, unknown>, url = `/api${widgetByKey('highCost').readCall}`) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token(nurse)), payload });
    for (const _internalID of ['X'.repeat(65), '7'.repeat(16), 0, 1.5, true]) {
      const response = await sent({ _internalID, readByFaci: true });
      expect(response.statusCode, JSON.stringify(_internalID)).toBe(400);
      expect(response.json().fields).toEqual({ _internalID: ALERT_ID_MESSAGES.number });
    }
    expect((await sent({ readByFaci: true })).json().fields).toEqual({ _internalID: 'Required' });
    const reply = await sent(
      { requestActionID: 'x', readByFaci: true },
      `/api${ENDPOINTS.requestActionRead}`,
    );
    expect(reply.json().fields).toEqual({ requestActionID: ALERT_ID_MESSAGES.replyNumber });
  });

  it("finds an alert by its number alone, as a widget page's ?alert= link asks, among the viewer's own only", async () => {
    // The link knows no Rx number: it names the alert by its number in the path too, which internalId overrides.
    const byNumber = (email: string, key: WidgetKey, id: number) =>
      t.app.inject({
        method: 'GET',
        url: `/api/alerts/${key}/${id}?internalId=${id}`,
        headers: bearer(token(email)),
      });
    const live = await alertWith('nurse@meadowbrook.test', 'refillTooSoon', 101, () => true);
    const { list } = await listAlerts(
      t.app,
      token('nurse@meadowbrook.test'),
      widgetByKey('refillTooSoon'),
      'archived=true',
    );
    const archived = list[0];
    if (!archived) throw new Error('no archived refill alert');
    for (const alert of [live, archived]) {
      const found = await byNumber('nurse@meadowbrook.test', 'refillTooSoon', alert._internalID);
      expect(found.statusCode).toBe(200);
      expect((found.json() as { alert: AnyAlert }).alert._internalID).toBe(alert._internalID);
    }
    // Another tenant's alert, another widget's, and a number no alert has are all the same 404.
    for (const [email, key, id] of [
      ['don@lakeside.test', 'refillTooSoon', live._internalID],
      ['nurse@meadowbrook.test', 'pumpPickup', live._internalID],
      ['nurse@meadowbrook.test', 'refillTooSoon', 2147483647],
    ] as const) {
      const hidden = await byNumber(email, key, id);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toMatchObject({ message: 'No Active Alert Found' });
    }
  });
});
