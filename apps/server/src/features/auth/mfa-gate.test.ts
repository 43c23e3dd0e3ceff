import { and, count, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertActions, alerts, auditEvents } from '../../db/schema/index.ts';
import { requestAction } from '../../test/alerts.ts';
import { bearer, bodyOf, buildTestApp, signIn, type TestApp } from '../../test/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ mfaRequiredForAdmins: true });
});
afterAll(async () => t.close());

const get = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(token) });
const post = (url: string, token: string, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(token), payload });
const userInfoOf = async (token: string) =>
  bodyOf<{ userInfo: { mfaEnrolmentRequired: boolean; mfaEnabled: boolean } }>(await get('/tokeninfo', token))
    .userInfo;

describe('MFA_REQUIRED_FOR_ADMINS=true', () => {
  it('holds a pharmacy SysAdmin without two-step sign-in back from every data call with 403 MFA_ENROLMENT_REQUIRED', async () => {
    const token = await signIn(t.app, 'sysadmin@pharmacy.test');
    expect(await userInfoOf(token)).toMatchObject({ mfaEnrolmentRequired: true, mfaEnabled: false });
    // A route behind requireActiveUser, and an alert list (which checks the session in its own statement).
    for (const url of ['/facilities', '/highCost', '/getpharmacyusers']) {
      const refused = await get(url, token);
      expect(refused.statusCode, url).toBe(403);
      expect(bodyOf(refused), url).toMatchObject({ code: 'MFA_ENROLMENT_REQUIRED' });
    }
    // requestaction checks the session inside its one statement, which writes when every check passes: the gate
    // must keep it from writing, not only answer 403 afterwards.
    const [alert] = await t.database.db
      .select({ id: alerts.id })
      .from(alerts)
      .where(and(eq(alerts.widget, 'highCost'), eq(alerts.facId, 101), eq(alerts.isArchived, false)))
      .limit(1);
    const written = async () => {
      const [actions] = await t.database.db
        .select({ n: count() })
        .from(alertActions)
        .where(eq(alertActions.alertId, alert?.id ?? 0));
      const [audits] = await t.database.db
        .select({ n: count() })
        .from(auditEvents)
        .where(eq(auditEvents.kind, 'alert.action'));
      return [actions?.n, audits?.n];
    };
    const before = await written();
    const reply = await requestAction(t.app, token, {
      widget: 'HighCost',
      _internalID: alert?.id,
      requestedAction: 'Reply',
      actionComment: 'held back',
    });
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ code: 'MFA_ENROLMENT_REQUIRED' });
    expect(await written()).toEqual(before);
    // The set-up itself and the status stay open.
    expect((await get('/mfa', token)).statusCode).toBe(200);
    expect(bodyOf(await get('/mfa', token))).toMatchObject({ enabled: false, isRequired: true });
  });

  it('lets the same session through once the SuperAdmin has enrolled, and refuses turning it off', async () => {
    const token = await signIn(t.app, 'super@portal.test');
    expect((await get('/facilities', token)).statusCode).toBe(403);
    const { secret } = bodyOf<{ secret: string }>(await post('/mfa/enrol', token));
    const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
    const confirmed = await post('/mfa/enrol/confirm', token, { code, currentPassword: 'portal-demo-1' });
    expect(confirmed.statusCode).toBe(200);
    expect((await get('/facilities', token)).statusCode).toBe(200);
    expect((await get('/highCost', token)).statusCode).toBe(200);
    expect(await userInfoOf(token)).toMatchObject({ mfaEnrolmentRequired: false, mfaEnabled: true });
    const [recovery] = bodyOf<{ recoveryCodes: string[] }>(confirmed).recoveryCodes;
    const off = await post('/mfa/disable', token, { code: recovery, currentPassword: 'portal-demo-1' });
    expect(off.statusCode).toBe(403);
    expect(bodyOf(await get('/mfa', token))).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
  });

  it('leaves a nurse and a facility admin alone', async () => {
    for (const email of ['nurse@meadowbrook.test', 'admin@meadowbrook.test']) {
      const token = await signIn(t.app, email);
      expect(await userInfoOf(token)).toMatchObject({ mfaEnrolmentRequired: false });
      expect((await get('/facilities', token)).statusCode).toBe(200);
      expect((await get('/highCost', token)).statusCode).toBe(200);
    }
    const nurse = await signIn(t.app, 'nurse@meadowbrook.test');
    const [alert] = await t.database.db
      .select({ id: alerts.id })
      .from(alerts)
      .where(and(eq(alerts.widget, 'highCost'), eq(alerts.facId, 101), eq(alerts.isArchived, false)))
      .limit(1);
    const discuss = await requestAction(t.app, nurse, {
      widget: 'HighCost',
      _internalID: alert?.id,
      requestedAction: 'ask',
      actionComment: 'not held back',
    });
    expect(discuss.status, JSON.stringify(discuss.body)).toBe(200);
  });
});
