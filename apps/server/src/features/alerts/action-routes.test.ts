import { randomUUID } from 'node:crypto';
import {
  ACTION_MESSAGES,
  ALERT_ID_MESSAGES,
  type AnyAlert,
  ERROR_CODES,
  WIDGETS,
  type WidgetKey,
  widgetByKey,
} from '@portal/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertActions, alerts, auditEvents } from '../../db/schema/index.ts';
import { hashToken } from '../../platform/tokens.ts';
import { listAlerts, requestAction } from '../../test/alerts.ts';
import { bearer, buildTestApp, signIn, signInAll, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
const token = (email: string) => tokens[email] ?? '';

beforeAll(async () => {
  t = await buildTestApp();
  Object.assign(
    tokens,
    await signInAll(t.app, [
      'nurse@meadowbrook.test',
      'nurse.nocreds@meadowbrook.test',
      'admin@meadowbrook.test',
      'don@lakeside.test',
      'sysadmin@pharmacy.test',
      'pharmacist@pharmacy.test',
    ]),
  );
});
afterAll(async () => t.close());

/** A live alert of a widget at a facility, as the given user lists it. */
async function liveAlert(email: string, key: WidgetKey, facId: number): Promise<AnyAlert> {
  const { list } = await listAlerts(t.app, token(email), widgetByKey(key), `facilityIds=${facId}`);
  const alert = list.find((a) => a.srxStatus === null) ?? list[0];
  if (!alert) throw new Error(`no ${key} alert at ${facId}`);
  return alert;
}

const body = (key: WidgetKey, alert: AnyAlert, extra: Record<string, unknown>) => ({
  widget: widgetByKey(key).actionWidget,
  _internalID: alert._internalID,
  ...extra,
});

describe('each action value', () => {
  it.each([
    ['highCost', 'approve', {}],
    ['highCost', 'deny', { actionComment: 'Use the formulary drug' }],
    ['highCost', 'approveonce', {}],
    ['highCost', 'submitlimit', { limitDays: 7 }],
    ['highCost', 'ask', { actionComment: 'Is there a generic?' }],
    ['highCostAlerts', 'approve', {}],
    ['highCostAlerts', 'submitlimit', { limitDays: 30 }],
    ['openBatch', 'send', { actionComment: 'MD Okayed' }],
    ['openBatch', 'send', { actionComment: 'Other. See comment...: family consent on file' }],
    ['openBatch', 'donotsend', { actionComment: 'd/c order will be sent to pharmacy' }],
    ['refillTooSoon', 'limitedApproval', {}],
    ['pumpPickup', 'ask', { actionComment: 'When is pickup?' }],
  ] as const)('%s %s is recorded with its effect in one step', async (key, requestedAction, extra) => {
    const alert = await liveAlert('nurse@meadowbrook.test', key, 101);
    const result = await requestAction(
      t.app,
      token('nurse@meadowbrook.test'),
      body(key, alert, { requestedAction, ...extra }),
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.message).toContain(alert.rxNo);
    const [row] = await t.database.db.select().from(alerts).where(eq(alerts.id, alert._internalID));
    expect(row?.srxStatus).toBe(requestedAction);
    const thread = await t.database.db
      .select()
      .from(alertActions)
      .where(eq(alertActions.alertId, alert._internalID));
    const entry = thread.at(-1);
    expect(entry).toMatchObject({
      action: requestedAction,
      requestedBy: expect.any(String),
      isAutomatic: false,
    });
    if ('limitDays' in extra) expect(entry?.limitDays).toBe(extra.limitDays);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.recordId, String(alert._internalID)));
    expect(audit.some((a) => a.kind === 'alert.action')).toBe(true);
  });

  it('finds admission reviews by group id and high cost alerts by highCostAlertsId', async () => {
    const admission = await liveAlert('nurse@meadowbrook.test', 'admissionMeds', 101);
    const group = (admission as Record<string, unknown>).admissionMedsGroupID;
    expect(group).toMatch(/\D/);
    // As spec 1, section 7 has it: the group id in _internalID; and the separate field earlier clients send.
    for (const named of [{ _internalID: group }, { admissionMedsGroupID: group }]) {
      const byGroup = await requestAction(t.app, token('nurse@meadowbrook.test'), {
        widget: 'AdmissionMeds',
        requestedAction: 'ask',
        ...named,
        actionComment: 'Missing the discharge list',
      });
      expect(byGroup.status, JSON.stringify(byGroup.body)).toBe(200);
    }
    const thread = await t.database.db
      .select()
      .from(alertActions)
      .where(eq(alertActions.alertId, admission._internalID));
    expect(thread.filter((a) => a.comment === 'Missing the discharge list')).toHaveLength(2);
    // Any other widget's _internalID is the alert's number.
    const named = await requestAction(t.app, token('nurse@meadowbrook.test'), {
      widget: 'PriorAuth',
      requestedAction: 'ask',
      _internalID: String(group),
      actionComment: 'Which one?',
    });
    expect(named.status).toBe(400);
    expect(named.body.fields).toHaveProperty('_internalID');
    const hca = await liveAlert('nurse@meadowbrook.test', 'highCostAlerts', 101);
    const byId = await requestAction(t.app, token('nurse@meadowbrook.test'), {
      widget: 'highcostalerts',
      requestedAction: 'deny',
      highCostAlertsId: (hca as Record<string, unknown>).highCostAlertsId,
    });
    expect(byId.status).toBe(200);
  });
});

describe('validation (spec 1, section 5)', () => {
  it.each([
    [{ requestedAction: 'ask' }, { actionComment: 'Please enter a question' }],
    [{ requestedAction: 'submitlimit', limitDays: 31 }, { limitDays: 'Please choose 1 to 30 days' }],
    [{ requestedAction: 'submitlimit' }, { limitDays: 'Please choose 1 to 30 days' }],
    [{ requestedAction: 'approve', limitDays: 3 }, { limitDays: 'Limit days apply only to Limit Days' }],
  ])('refuses %j with the message', async (extra, fields) => {
    const alert = await liveAlert('nurse@meadowbrook.test', 'highCost', 101);
    const before = await t.database.db.select().from(alertActions);
    const result = await requestAction(
      t.app,
      token('nurse@meadowbrook.test'),
      body('highCost', alert, extra),
    );
    expect(result.status).toBe(400);
    expect(result.body.fields).toEqual(fields);
    expect(await t.database.db.select().from(alertActions)).toHaveLength(before.length);
  });

  it.each([
    ['send', 'Because', 'Please select a reason'],
    ['send', 'Other. See comment...', 'Please enter a comment'],
    ['donotsend', 'MD Okayed', 'Please select a reason'],
  ])('refuses %s with %j', async (requestedAction, actionComment, message) => {
    const alert = await liveAlert('nurse@meadowbrook.test', 'openBatch', 101);
    const result = await requestAction(
      t.app,
      token('nurse@meadowbrook.test'),
      body('openBatch', alert, { requestedAction, actionComment }),
    );
    expect(result.body.fields).toEqual({ actionComment: message });
  });

  it.each([
    ['an overlong id', { _internalID: 'X'.repeat(65) }, { _internalID: ALERT_ID_MESSAGES.identifierTooLong }],
    [
      'an overlong number',
      { _internalID: '7'.repeat(65) },
      { _internalID: ALERT_ID_MESSAGES.identifierTooLong },
    ],
    ['an empty id', { _internalID: '' }, { _internalID: ALERT_ID_MESSAGES.identifierEmpty }],
    ['a zero', { _internalID: 0 }, { _internalID: ALERT_ID_MESSAGES.numberOrGroup }],
    ['a fraction', { _internalID: 1.5 }, { _internalID: ALERT_ID_MESSAGES.numberOrGroup }],
    ['a boolean', { _internalID: true }, { _internalID: ALERT_ID_MESSAGES.numberOrGroup }],
    ['a name', { _internalID: 'abc' }, { _internalID: ALERT_ID_MESSAGES.numberOrGroup }],
    ['a null', { _internalID: null }, { _internalID: 'Required' }],
    [
      'an overlong group id',
      { widget: 'AdmissionMeds', admissionMedsGroupID: 'G'.repeat(65) },
      { admissionMedsGroupID: ALERT_ID_MESSAGES.identifierTooLong },
    ],
    [
      'a high cost alert id that is no number',
      { highCostAlertsId: 'abc' },
      { highCostAlertsId: ALERT_ID_MESSAGES.highCostNumber },
    ],
    [
      'a UUID that is none',
      { _internalID: 7, _internalUUID: 'nope' },
      { _internalUUID: ALERT_ID_MESSAGES.uuid },
    ],
  ])('refuses %s for the alert with a message that says what it may be', async (_what, target, fields) => {
    const before = await t.database.db.select().from(alertActions);
    const result = await requestAction(t.app, token('nurse@meadowbrook.test'), {
      requestedAction: 'approve',
      widget: 'HighCost',
      ...target,
    });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ code: ERROR_CODES.validation, fields });
    expect(await t.database.db.select().from(alertActions)).toHaveLength(before.length);
  });

  it('refuses an action the widget does not offer and an unknown widget with 400', async () => {
    const alert = await liveAlert('nurse@meadowbrook.test', 'nonCovered', 101);
    expect(
      (
        await requestAction(
          t.app,
          token('nurse@meadowbrook.test'),
          body('nonCovered', alert, { requestedAction: 'approve' }),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await requestAction(t.app, token('nurse@meadowbrook.test'), {
          ...body('nonCovered', alert, { requestedAction: 'approve' }),
          widget: 'Nope',
        })
      ).status,
    ).toBe(400);
  });

  it('accepts only Discuss on archived alerts, and the question leaves the outcome as it was', async () => {
    const { list } = await listAlerts(
      t.app,
      token('nurse@meadowbrook.test'),
      widgetByKey('highCost'),
      'facilityIds=101&archived=true',
    );
    const alert = list.find((a) => a.srxStatus === 'approve');
    if (!alert) throw new Error('the demo world has no approved archived high cost alert at 101');
    const approve = await requestAction(
      t.app,
      token('nurse@meadowbrook.test'),
      body('highCost', alert, { requestedAction: 'approve' }),
    );
    expect(approve.status).toBe(400);
    expect(approve.body.message).toBe('Archived alerts accept Discuss only');
    const ask = await requestAction(
      t.app,
      token('nurse@meadowbrook.test'),
      body('highCost', alert, { requestedAction: 'ask', actionComment: 'Why archived?' }),
    );
    expect(ask.status).toBe(200);
    const [row] = await t.database.db.select().from(alerts).where(eq(alerts.id, alert._internalID));
    expect(row?.srxStatus).toBe('approve');
    const thread = await t.database.db
      .select()
      .from(alertActions)
      .where(eq(alertActions.alertId, alert._internalID));
    expect(thread.at(-1)?.comment).toBe('Why archived?');
  });
});

describe('permissions (spec 1, section 6)', () => {
  it('lets facility 102 only Discuss', async () => {
    const alert = await liveAlert('admin@meadowbrook.test', 'highCost', 102);
    const approve = await requestAction(
      t.app,
      token('admin@meadowbrook.test'),
      body('highCost', alert, { requestedAction: 'approve' }),
    );
    expect(approve.status).toBe(403);
    const ask = await requestAction(
      t.app,
      token('admin@meadowbrook.test'),
      body('highCost', alert, { requestedAction: 'ask', actionComment: 'Q' }),
    );
    expect(ask.status).toBe(200);
  });

  it('allows Approve until Refill Date without a key, even at 102', async () => {
    const alert = await liveAlert('admin@meadowbrook.test', 'refillTooSoon', 102);
    const result = await requestAction(
      t.app,
      token('admin@meadowbrook.test'),
      body('refillTooSoon', alert, { requestedAction: 'limitedApproval' }),
    );
    expect(result.status).toBe(200);
  });

  it.each(['nurse.nocreds@meadowbrook.test', 'pharmacist@pharmacy.test'])(
    'refuses %s without messaging credentials',
    async (email) => {
      const alert = await liveAlert(email, 'highCost', 101);
      const result = await requestAction(
        t.app,
        token(email),
        body('highCost', alert, { requestedAction: 'ask', actionComment: 'Q' }),
      );
      expect(result.status).toBe(403);
      expect(result.body.message).toBe('SpecialtyRx Now credentials are required for user actions');
    },
  );

  it('answers 404 for an alert of another pharmacy’s facility, in every widget', async () => {
    for (const widget of WIDGETS) {
      const alert = await liveAlert('nurse@meadowbrook.test', widget.key, 101);
      const before = await t.database.db
        .select()
        .from(alertActions)
        .where(eq(alertActions.alertId, alert._internalID));
      const result = await requestAction(
        t.app,
        token('don@lakeside.test'),
        body(widget.key, alert, { requestedAction: 'ask', actionComment: 'peek' }),
      );
      expect(result.status).toBe(404);
      const after = await t.database.db
        .select()
        .from(alertActions)
        .where(eq(alertActions.alertId, alert._internalID));
      expect(after).toHaveLength(before.length);
    }
  });
});

describe("the pharmacy's Reply", () => {
  it('is answered in the thread by a pharmacy user and shows unread to the nurse', async () => {
    const alert = await liveAlert('nurse@meadowbrook.test', 'priorAuth', 101);
    const reply = await requestAction(
      t.app,
      token('sysadmin@pharmacy.test'),
      body('priorAuth', alert, { requestedAction: 'Reply', actionComment: 'Faxed to the prescriber.' }),
    );
    expect(reply.status).toBe(200);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/alerts/priorAuth/${alert.rxNo}?internalId=${alert._internalID}`,
      headers: bearer(token('nurse@meadowbrook.test')),
    });
    const seen = (detail.json() as { alert: AnyAlert }).alert;
    expect(seen.hasUnreadReply).toBe(true);
    expect(seen.requestedActions.at(-1)).toMatchObject({
      action: 'Reply',
      actionComment: 'Faxed to the prescriber.',
      readByFaci: false,
    });
  });

  it('is refused to a facility user, and needs a comment', async () => {
    const alert = await liveAlert('nurse@meadowbrook.test', 'priorAuth', 101);
    expect(
      (
        await requestAction(
          t.app,
          token('nurse@meadowbrook.test'),
          body('priorAuth', alert, { requestedAction: 'Reply', actionComment: 'hi' }),
        )
      ).status,
    ).toBe(403);
    const empty = await requestAction(
      t.app,
      token('sysadmin@pharmacy.test'),
      body('priorAuth', alert, { requestedAction: 'Reply' }),
    );
    expect(empty.status).toBe(400);
  });
});

describe('the session, checked inside the action statement', () => {
  const setSession = (email: string, change: ReturnType<typeof sql>) =>
    t.database.db.execute(sql`update sessions set ${change} where token_hash = ${hashToken(token(email))}`);
  const threadOf = async (id: number) =>
    (await t.database.db.select().from(alertActions).where(eq(alertActions.alertId, id))).length;
  const ask = (alert: AnyAlert) =>
    body('highCost', alert, { requestedAction: 'ask', actionComment: 'Generic?' });

  it('refuses no token (even with a bad body) and a revoked session with 401, and writes nothing', async () => {
    const alert = await liveAlert('don@lakeside.test', 'highCost', 201);
    const before = await threadOf(alert._internalID);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/requestaction', payload: ask(alert) });
    expect(anonymous.statusCode).toBe(401);
    // api.md: a missing token is a 401; an anonymous caller learns nothing of the body's fields.
    const badBody = await t.app.inject({
      method: 'POST',
      url: '/api/requestaction',
      payload: { widget: 'HighCost' },
    });
    expect(badBody.statusCode).toBe(401);
    expect(badBody.json()).not.toHaveProperty('fields');
    const fresh = await signIn(t.app, 'don@lakeside.test');
    await t.database.db.execute(
      sql`update sessions set revoked_at = now() where token_hash = ${hashToken(fresh)}`,
    );
    const revoked = await requestAction(t.app, fresh, ask(alert));
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe(ERROR_CODES.unauthorized);
    // Nor does a signed-out caller learn what is wrong with a body, a text or an Idempotency-Key.
    for (const [payload, headers] of [
      [{ widget: 'HighCost' }, {}],
      [{ ...ask(alert), actionComment: 'Generic?\u0000' }, {}],
      [ask(alert), { 'idempotency-key': 'nope' }],
    ] as const) {
      const refused = await requestAction(t.app, fresh, payload, headers);
      expect(refused.status, JSON.stringify(payload)).toBe(401);
      expect(refused.body).not.toHaveProperty('fields');
    }
    expect(await threadOf(alert._internalID)).toBe(before);
  });

  it('refuses a user who must change their password with 403 and writes nothing', async () => {
    const alert = await liveAlert('don@lakeside.test', 'highCost', 201);
    const before = await threadOf(alert._internalID);
    await t.database.db.execute(
      sql`update users set must_change_password = true where email = 'don@lakeside.test'`,
    );
    try {
      for (const payload of [ask(alert), { ...ask(alert), requestedAction: 'nope' }]) {
        const { status, body: answer } = await requestAction(t.app, token('don@lakeside.test'), payload);
        expect(status).toBe(403);
        expect(answer.code).toBe(ERROR_CODES.mustChangePassword);
      }
    } finally {
      await t.database.db.execute(
        sql`update users set must_change_password = false where email = 'don@lakeside.test'`,
      );
    }
    expect(await threadOf(alert._internalID)).toBe(before);
  });

  it('refreshes the idle clock of a session older than a minute', async () => {
    const alert = await liveAlert('don@lakeside.test', 'highCost', 201);
    await setSession('don@lakeside.test', sql`last_seen_at = now() - interval '5 minutes'`);
    expect((await requestAction(t.app, token('don@lakeside.test'), ask(alert))).status).toBe(200);
    const rows = (await t.database.db.execute(
      sql`select extract(epoch from now() - last_seen_at)::float8 as age from sessions
          where token_hash = ${hashToken(token('don@lakeside.test'))}`,
    )) as unknown as { rows: { age: number }[] };
    expect(rows.rows[0]?.age).toBeLessThan(60);
  });
});

describe('a retry with an Idempotency-Key', () => {
  const nurse = 'nurse@meadowbrook.test';
  const entries = async (id: number) =>
    t.database.db.select().from(alertActions).where(eq(alertActions.alertId, id));
  const audits = async (id: number) =>
    (
      await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.recordId, String(id)))
    ).filter((a) => a.kind === 'alert.action').length;
  const ask = (alert: AnyAlert, actionComment: string) =>
    body('highCost', alert, { requestedAction: 'ask', actionComment });

  it('stores the action once and answers the retry as the first time', async () => {
    const alert = await liveAlert(nurse, 'highCost', 101);
    const [before, auditBefore] = [
      (await entries(alert._internalID)).length,
      await audits(alert._internalID),
    ];
    const key = { 'idempotency-key': randomUUID() };
    const first = await requestAction(t.app, token(nurse), ask(alert, 'Retry-safe question?'), key);
    const retry = await requestAction(t.app, token(nurse), ask(alert, 'Retry-safe question?'), key);
    expect(first.status).toBe(200);
    expect(retry).toEqual(first);
    const thread = await entries(alert._internalID);
    expect(thread).toHaveLength(before + 1);
    expect(thread.at(-1)?.requestKey).toBe(key['idempotency-key']);
    expect(await audits(alert._internalID)).toBe(auditBefore + 1);
  });

  it('stores each of many simultaneous sends of one key once', async () => {
    const alert = await liveAlert(nurse, 'highCost', 101);
    const before = (await entries(alert._internalID)).length;
    const key = { 'idempotency-key': randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => requestAction(t.app, token(nurse), ask(alert, 'Sent six times?'), key)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const thread = await entries(alert._internalID);
    expect(thread.filter((e) => e.comment === 'Sent six times?')).toHaveLength(1);
    expect(thread).toHaveLength(before + 1);
  });

  it('refuses the key with a different action (409) and a key that is not a UUID (400), writing nothing', async () => {
    const alert = await liveAlert(nurse, 'highCost', 101);
    const key = { 'idempotency-key': randomUUID() };
    expect((await requestAction(t.app, token(nurse), ask(alert, 'First question?'), key)).status).toBe(200);
    const before = (await entries(alert._internalID)).length;
    const reused = await requestAction(t.app, token(nurse), ask(alert, 'Another question?'), key);
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe(ACTION_MESSAGES.requestKeyReused);
    const approve = body('highCost', alert, { requestedAction: 'approve' });
    expect((await requestAction(t.app, token(nurse), approve, key)).status).toBe(409);
    const malformed = await requestAction(t.app, token(nurse), ask(alert, 'Bad key?'), {
      'idempotency-key': 'not-a-uuid',
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(ACTION_MESSAGES.badRequestKey);
    expect(await entries(alert._internalID)).toHaveLength(before);
  });

  it('keeps keys per user, and without a key every send is stored', async () => {
    const alert = await liveAlert(nurse, 'highCost', 101);
    const before = (await entries(alert._internalID)).length;
    const key = { 'idempotency-key': randomUUID() };
    for (const email of [nurse, 'admin@meadowbrook.test']) {
      expect(
        (await requestAction(t.app, token(email), ask(alert, 'Same key, two people?'), key)).status,
      ).toBe(200);
    }
    for (let i = 0; i < 2; i++) {
      expect((await requestAction(t.app, token(nurse), ask(alert, 'No key?'))).status).toBe(200);
    }
    expect(await entries(alert._internalID)).toHaveLength(before + 4);
  });
});

describe('the _internalUUID the client saw (spec 1, section 7)', () => {
  const nurse = 'nurse@meadowbrook.test';
  const state = async (id: number) => ({
    thread: (await t.database.db.select().from(alertActions).where(eq(alertActions.alertId, id))).length,
    audits: (
      await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.recordId, String(id)))
    ).filter((a) => a.kind === 'alert.action').length,
    status: (await t.database.db.select().from(alerts).where(eq(alerts.id, id)))[0]?.srxStatus,
  });

  it('acts when it is the alert the id names, however the UUID is written', async () => {
    const alert = await liveAlert(nurse, 'highCost', 101);
    const before = await state(alert._internalID);
    for (const uuid of [alert._internalUUID, alert._internalUUID.toUpperCase()]) {
      const sent = await requestAction(
        t.app,
        token(nurse),
        body('highCost', alert, { requestedAction: 'ask', actionComment: 'Generic?', _internalUUID: uuid }),
      );
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    }
    expect((await state(alert._internalID)).thread).toBe(before.thread + 2);
  });

  it('refuses another alert’s UUID with 409 and the message, writing nothing, and keeps the request key', async () => {
    const { list } = await listAlerts(t.app, token(nurse), widgetByKey('highCost'), 'facilityIds=101');
    const [alert, other] = list;
    if (!alert || !other) throw new Error('two highCost alerts at 101 needed');
    const [before, otherBefore] = [await state(alert._internalID), await state(other._internalID)];
    const key = { 'idempotency-key': randomUUID() };
    for (const requestedAction of ['approve', 'deny', 'ask'] as const) {
      const refused = await requestAction(
        t.app,
        token(nurse),
        body('highCost', alert, {
          requestedAction,
          actionComment: 'Stale page?',
          _internalUUID: other._internalUUID,
        }),
        key,
      );
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(ACTION_MESSAGES.alertChanged);
      expect(refused.body.code).toBe(ERROR_CODES.conflict);
    }
    expect(await state(alert._internalID)).toEqual(before);
    expect(await state(other._internalID)).toEqual(otherBefore);
    // The key stored nothing, so the action sent again for the alert as it is now goes through with it.
    const resent = await requestAction(
      t.app,
      token(nurse),
      body('highCost', alert, { requestedAction: 'deny', _internalUUID: alert._internalUUID }),
      key,
    );
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect((await state(alert._internalID)).status).toBe('deny');
  });

  it('answers 404, not 409, for an alert the user may not see, whatever the UUID', async () => {
    const hidden = await liveAlert('don@lakeside.test', 'highCost', 201);
    const mine = await liveAlert(nurse, 'highCost', 101);
    const before = await state(hidden._internalID);
    for (const uuid of [hidden._internalUUID, mine._internalUUID, randomUUID()]) {
      const refused = await requestAction(
        t.app,
        token(nurse),
        body('highCost', hidden, { requestedAction: 'ask', actionComment: 'peek', _internalUUID: uuid }),
      );
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(ACTION_MESSAGES.noAlert);
    }
    expect(await state(hidden._internalID)).toEqual(before);
  });

  it('answers the admission review the client saw when its group id names a live and an archived one', async () => {
    const live = await liveAlert(nurse, 'admissionMeds', 101);
    const group = String((live as Record<string, unknown>).admissionMedsGroupID);
    const [row] = await t.database.db.select().from(alerts).where(eq(alerts.id, live._internalID));
    if (!row) throw new Error('no row');
    const { id: _id, isArchived: _archived, listJson: _json, listRev: _rev, ...copy } = row;
    const [archived] = await t.database.db
      .insert(alerts)
      .values({
        ...copy,
        uuid: randomUUID(),
        srxStatus: null,
        dateCreated: new Date(row.dateCreated.getTime() - 86_400_000),
        archivedAt: new Date(),
      })
      .returning();
    if (!archived) throw new Error('insert failed');
    const discuss = (extra: Record<string, unknown>) =>
      requestAction(t.app, token(nurse), {
        widget: 'AdmissionMeds',
        _internalID: group,
        requestedAction: 'ask',
        actionComment: 'Which review?',
        ...extra,
      });
    const [liveBefore, archivedBefore] = [await state(live._internalID), await state(archived.id)];
    expect((await discuss({ _internalUUID: archived.uuid })).status).toBe(200);
    expect((await state(archived.id)).thread).toBe(archivedBefore.thread + 1);
    expect((await state(live._internalID)).thread).toBe(liveBefore.thread);
    // Without a UUID, as before: the live one.
    expect((await discuss({})).status).toBe(200);
    expect((await state(live._internalID)).thread).toBe(liveBefore.thread + 1);
    // A review no longer in the group: 409, nothing written to either.
    const gone = await discuss({ _internalUUID: randomUUID() });
    expect(gone.status).toBe(409);
    expect(gone.body.message).toBe(ACTION_MESSAGES.alertChanged);
    expect((await state(live._internalID)).thread).toBe(liveBefore.thread + 1);
    expect((await state(archived.id)).thread).toBe(archivedBefore.thread + 1);
  });
});
