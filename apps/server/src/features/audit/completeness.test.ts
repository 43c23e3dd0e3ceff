import { randomUUID } from 'node:crypto';
import { type AnyAlert, widgetByKey } from '@portal/domain';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, files, users } from '../../db/schema/index.ts';
import { listAlerts } from '../../test/alerts.ts';
import {
  ADMIN,
  BILLING,
  DON,
  NOCREDS,
  NURSE,
  PHARMACIST,
  SUPER,
  SYSADMIN,
} from '../../test/demo-accounts.ts';
import { bearer, buildTestApp, signIn, signInAll, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 7's "done when": one call of each audited kind, as the right user, leaves its event (kind, who, record,
 * facility, address, outcome); and nothing anyone can call edits or removes an event.
 */
let t: TestApp;
let tokens: Record<string, string>;
const LOGIN_SECRET = 'a-shared-secret-of-at-least-32-characters!';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

beforeAll(async () => {
  t = await buildTestApp({ loginTokenSecret: LOGIN_SECRET });
  tokens = await signInAll(t.app, [SUPER, SYSADMIN, ADMIN, NURSE, NOCREDS, DON]);
});
afterAll(() => t.close());

type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; who?: string; payload?: object };
const call = (c: Call, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: c.method,
    url: c.url,
    remoteAddress,
    headers: { ...(c.who ? bearer(tokens[c.who] ?? '') : {}), ...headers },
    ...(c.payload ? { payload: c.payload } : {}),
  });
/** A password sign-in from the case's address; answers its status. */
const passwordSignIn = (email: string, password: string) => async (ip: string) =>
  (await call({ method: 'POST', url: '/api/login', payload: { email, password } }, ip)).statusCode;
const userId = async (email: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]?.id ?? null;
const liveAlert = async (who: string, pick: (a: AnyAlert) => boolean = () => true) => {
  const { list } = await listAlerts(t.app, tokens[who] ?? '', widgetByKey('highCost'), 'facilityIds=101');
  const alert = list.find(pick);
  if (!alert) throw new Error('no matching highCost alert at 101');
  return alert;
};
const multipart = (filename: string, bytes: Buffer) => {
  const boundary = 'auditTestBoundary';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};
const policiesFolder = async () =>
  (
    await t.database.db
      .select({ id: files.id })
      .from(files)
      .where(and(eq(files.name, 'Policies'), eq(files.facId, 101), isNull(files.deletedAt)))
  )[0]?.id;

interface Case {
  name: string;
  /** Performs the call; answers its status. `ip` is the caller's address for this case. */
  act: (ip: string) => Promise<number>;
  status: number;
  kind: string;
  actor: string;
  /** Whose user id the event carries (null: none, e.g. an unknown email). */
  user: string | null;
  recordType?: string;
  recordId?: () => Promise<string> | string;
  facId: number | null;
  outcome: 'success' | 'failure' | 'denied';
}

const state: {
  alert?: AnyAlert;
  fileId?: number;
  uploadName?: string;
  replyId?: number;
  mfaSecret?: string;
  recoveryCodes?: string[];
  challenge?: string;
} = {};
/** The code an authenticator app shows now for the secret of DON's two-step set-up. */
const totpNow = () => TOTP.generate({ secret: Secret.fromBase32(state.mfaSecret ?? '') });
/** A password step for DON, who has two-step sign-in on by then: answers its challenge. */
const donChallenge = async (ip: string) => {
  const response = await call(
    { method: 'POST', url: '/api/login', payload: { email: DON, password: 'portal-demo-1' } },
    ip,
  );
  return (response.json() as { challenge: string }).challenge;
};

const CASES: Case[] = [
  {
    name: 'sign-in success',
    act: passwordSignIn(BILLING, 'portal-demo-1'),
    status: 200,
    kind: 'auth.login',
    actor: BILLING,
    user: BILLING,
    facId: null,
    outcome: 'success',
  },
  {
    name: 'sign-in failure (wrong password)',
    act: passwordSignIn(BILLING, 'wrong-password'),
    status: 401,
    kind: 'auth.login',
    actor: BILLING,
    user: BILLING,
    facId: null,
    outcome: 'failure',
  },
  {
    name: 'sign-in failure (unknown email)',
    act: passwordSignIn('nobody@else.test', 'x'),
    status: 401,
    kind: 'auth.login',
    actor: 'nobody@else.test',
    user: null,
    facId: null,
    outcome: 'failure',
  },
  {
    name: 'sign-in refused by the throttle',
    act: async (ip) => {
      for (let i = 0; i < 5; i += 1) await passwordSignIn(PHARMACIST, 'wrong')(`10.77.0.${i}`);
      return passwordSignIn(PHARMACIST, 'portal-demo-1')(ip);
    },
    status: 429,
    kind: 'auth.login',
    actor: PHARMACIST,
    user: PHARMACIST,
    facId: null,
    outcome: 'failure',
  },
  {
    name: 'sign-in with a one-time token',
    act: async (ip) => {
      const jwt = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(NURSE)
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime('2m')
        .sign(new TextEncoder().encode(LOGIN_SECRET));
      return (await call({ method: 'POST', url: '/api/loginWithToken' }, ip, bearer(jwt))).statusCode;
    },
    status: 200,
    kind: 'auth.loginWithToken',
    actor: NURSE,
    user: NURSE,
    facId: null,
    outcome: 'success',
  },
  {
    name: 'sign-in with a bad one-time token',
    act: async (ip) =>
      (await call({ method: 'POST', url: '/api/loginWithToken' }, ip, bearer('not-a-jwt'))).statusCode,
    status: 401,
    kind: 'auth.loginWithToken',
    actor: '',
    user: null,
    facId: null,
    outcome: 'failure',
  },
  {
    name: 'sign-out',
    act: async (ip) => {
      const token = await signIn(t.app, NOCREDS);
      return (await call({ method: 'POST', url: '/api/logout' }, ip, bearer(token))).statusCode;
    },
    status: 200,
    kind: 'auth.logout',
    actor: NOCREDS,
    user: NOCREDS,
    facId: null,
    outcome: 'success',
  },
  {
    name: 'two-step sign-in set up (a credential change)',
    act: async (ip) => {
      const started = await call({ method: 'POST', url: '/api/mfa/enrol', who: DON }, ip);
      state.mfaSecret = (started.json() as { secret: string }).secret;
      const payload = { code: totpNow(), currentPassword: 'portal-demo-1' };
      const confirmed = await call({ method: 'POST', url: '/api/mfa/enrol/confirm', who: DON, payload }, ip);
      state.recoveryCodes = (confirmed.json() as { recoveryCodes: string[] }).recoveryCodes;
      return confirmed.statusCode;
    },
    status: 200,
    kind: 'mfa.enrol',
    actor: DON,
    user: DON,
    recordType: 'user',
    recordId: async () => String(await userId(DON)),
    facId: null,
    outcome: 'success',
  },
  {
    name: 'a second sign-in step refused (wrong code)',
    act: async (ip) => {
      state.challenge = await donChallenge(ip);
      const wrong = totpNow() === '000000' ? '111111' : '000000';
      const payload = { challenge: state.challenge, code: wrong };
      return (await call({ method: 'POST', url: '/api/login/mfa', payload }, ip)).statusCode;
    },
    status: 401,
    kind: 'auth.mfa',
    actor: DON,
    user: DON,
    facId: null,
    outcome: 'failure',
  },
  {
    name: 'a second sign-in step',
    act: async (ip) => {
      // The same code is never taken twice: the set-up's code may still be the current one, so wait for the next.
      const code = TOTP.generate({
        secret: Secret.fromBase32(state.mfaSecret ?? ''),
        timestamp: Date.now() + 30_000,
      });
      const answer = await call(
        { method: 'POST', url: '/api/login/mfa', payload: { challenge: state.challenge, code } },
        ip,
      );
      tokens[DON] = (answer.json() as { token: string }).token;
      return answer.statusCode;
    },
    status: 200,
    kind: 'auth.mfa',
    actor: DON,
    user: DON,
    facId: null,
    outcome: 'success',
  },
  {
    name: 'two-step sign-in turned off (with a recovery code)',
    act: async (ip) => {
      const payload = { code: state.recoveryCodes?.[0], currentPassword: 'portal-demo-1' };
      return (await call({ method: 'POST', url: '/api/mfa/disable', who: DON, payload }, ip)).statusCode;
    },
    status: 200,
    kind: 'mfa.disable',
    actor: DON,
    user: DON,
    recordType: 'user',
    recordId: async () => String(await userId(DON)),
    facId: null,
    outcome: 'success',
  },
  {
    name: "read of an alert's detail",
    act: async (ip) => {
      state.alert = await liveAlert(NURSE, (a) => a.srxStatus === null);
      const url = `/api/alerts/highCost/${encodeURIComponent(state.alert.rxNo)}?internalId=${state.alert._internalID}`;
      return (await call({ method: 'GET', url, who: NURSE }, ip)).statusCode;
    },
    status: 200,
    kind: 'alert.view',
    actor: NURSE,
    user: NURSE,
    recordType: 'highCost',
    recordId: () => String(state.alert?._internalID),
    facId: 101,
    outcome: 'success',
  },
  {
    name: 'an action on an alert',
    act: async (ip) => {
      const payload = {
        widget: widgetByKey('highCost').actionWidget,
        _internalID: state.alert?._internalID,
        requestedAction: 'approve',
      };
      return (await call({ method: 'POST', url: '/api/requestaction', who: NURSE, payload }, ip)).statusCode;
    },
    status: 200,
    kind: 'alert.action',
    actor: NURSE,
    user: NURSE,
    recordType: 'highCost',
    recordId: () => String(state.alert?._internalID),
    facId: 101,
    outcome: 'success',
  },
  {
    name: "an alert's read state",
    act: async (ip) => {
      state.alert = await liveAlert(NURSE, (a) => a.readByFaci === false);
      const payload = { _internalID: state.alert._internalID, readByFaci: true };
      return (
        await call(
          { method: 'POST', url: `/api${widgetByKey('highCost').readCall}`, who: NURSE, payload },
          ip,
        )
      ).statusCode;
    },
    status: 200,
    kind: 'alert.read',
    actor: NURSE,
    user: NURSE,
    recordType: 'highCost',
    recordId: () => String(state.alert?._internalID),
    facId: 101,
    outcome: 'success',
  },
  {
    name: "a pharmacy Reply's read state",
    act: async (ip) => {
      const { list } = await listAlerts(
        t.app,
        tokens[NURSE] ?? '',
        widgetByKey('pumpPickup'),
        'facilityIds=101',
      );
      const reply = list
        .flatMap((a) => a.requestedActions)
        .find((a) => a.action === 'Reply' && a.readByFaci === false);
      state.replyId = Number(reply?.requestActionID);
      const payload = { requestActionID: state.replyId, readByFaci: true };
      return (await call({ method: 'POST', url: '/api/requestaction_readByFaci', who: NURSE, payload }, ip))
        .statusCode;
    },
    status: 200,
    kind: 'alert.read',
    actor: NURSE,
    user: NURSE,
    recordType: 'requestAction',
    recordId: () => String(state.replyId),
    facId: 101,
    outcome: 'success',
  },
  {
    name: 'a facility setting',
    act: async (ip) => {
      const payload = {
        FaciId: 101,
        WidgetName: 'highCost',
        settingValues: { EmailNotificationMaxCount: '2' },
      };
      return (await call({ method: 'POST', url: '/api/facilitysetting', who: ADMIN, payload }, ip))
        .statusCode;
    },
    status: 200,
    kind: 'facility.settings',
    actor: ADMIN,
    user: ADMIN,
    recordType: 'facility',
    recordId: () => '101',
    facId: 101,
    outcome: 'success',
  },
  {
    name: "a user's own settings",
    act: async (ip) => {
      const payload = { UserId: await userId(NURSE), settingValues: { widget_highCost_Show: true } };
      return (await call({ method: 'POST', url: '/api/usersetting', who: NURSE, payload }, ip)).statusCode;
    },
    status: 200,
    kind: 'user.settings',
    actor: NURSE,
    user: NURSE,
    recordType: 'user',
    recordId: async () => String(await userId(NURSE)),
    facId: null,
    outcome: 'success',
  },
  {
    name: 'a user creation refused (the email is taken)',
    act: async (ip) => {
      const payload = {
        email: NURSE,
        password: 'taken-pass-1',
        confirmPassword: 'taken-pass-1',
        displayName: 'Taken Address',
        userRole: 'Nursing',
        faciID: 101,
        userType: 'FacilityUser',
      };
      return (await call({ method: 'POST', url: '/api/createuser', who: ADMIN, payload }, ip)).statusCode;
    },
    status: 409,
    kind: 'user.create',
    actor: ADMIN,
    user: ADMIN,
    recordType: 'user',
    recordId: () => '',
    facId: 101,
    outcome: 'failure',
  },
  {
    name: 'a pharmacy user creation refused (the email is taken)',
    act: async (ip) => {
      const payload = {
        pharmID: ['sprx'],
        UserRole: 'Pharmacist',
        UserType: 'PharmacyUser',
        displayName: 'Taken Address',
        email: PHARMACIST,
        password: 'taken-pass-1',
      };
      return (await call({ method: 'POST', url: '/api/createpharmuser', who: SYSADMIN, payload }, ip))
        .statusCode;
    },
    status: 409,
    kind: 'pharmacyUser.create',
    actor: SYSADMIN,
    user: SYSADMIN,
    recordType: 'user',
    recordId: () => '',
    facId: null,
    outcome: 'failure',
  },
  {
    name: 'a public packing-slip link refused (a forged token)',
    act: async (ip) =>
      (
        await call(
          {
            method: 'GET',
            url: `/api/packingslipdetailsopen?facID=101&toteID=T-1&auth=${'9'.repeat(10)}.forged`,
          },
          ip,
        )
      ).statusCode,
    status: 404,
    kind: 'tote.view',
    actor: 'signed slip link',
    user: null,
    recordType: 'tote',
    recordId: () => 'T-1',
    facId: 101,
    outcome: 'failure',
  },
  {
    name: 'a facility role change',
    act: async (ip) => {
      const payload = { entityID: 101, email: NOCREDS, userRole: 'DON' };
      return (await call({ method: 'POST', url: '/api/edituser', who: ADMIN, payload }, ip)).statusCode;
    },
    status: 200,
    kind: 'user.role',
    actor: ADMIN,
    user: ADMIN,
    recordType: 'user',
    recordId: async () => String(await userId(NOCREDS)),
    facId: 101,
    outcome: 'success',
  },
  {
    name: 'a pharmacy role change',
    act: async (ip) => {
      const payload = { email: BILLING, entities: [{ entityid: 'upny', userRole: 'Admissions' }] };
      return (await call({ method: 'POST', url: '/api/adduserpharmacies', who: SYSADMIN, payload }, ip))
        .statusCode;
    },
    status: 200,
    kind: 'pharmacyUser.role',
    actor: SYSADMIN,
    user: SYSADMIN,
    recordType: 'user',
    recordId: async () => String(await userId(BILLING)),
    facId: null,
    outcome: 'success',
  },
  {
    name: 'a credential change',
    act: async (ip) => {
      const payload = { user: 'nocreds', password: 'p@ss-word-1', encryptionKey: 'k3y-material' };
      return (await call({ method: 'POST', url: '/api/loginmediprocity', who: NOCREDS, payload }, ip))
        .statusCode;
    },
    status: 200,
    kind: 'credentials.save',
    actor: NOCREDS,
    user: NOCREDS,
    recordType: 'user',
    recordId: async () => String(await userId(NOCREDS)),
    facId: null,
    outcome: 'success',
  },
  {
    name: 'a credential removal',
    act: async (ip) =>
      (await call({ method: 'POST', url: '/api/clearMediprocity', who: NOCREDS }, ip)).statusCode,
    status: 200,
    kind: 'credentials.clear',
    actor: NOCREDS,
    user: NOCREDS,
    recordType: 'user',
    recordId: async () => String(await userId(NOCREDS)),
    facId: null,
    outcome: 'success',
  },
  {
    name: 'a file upload',
    act: async (ip) => {
      const body = multipart('scan.png', PNG);
      const response = await t.app.inject({
        method: 'POST',
        url: '/fs/upload',
        remoteAddress: ip,
        headers: { ...bearer(tokens[ADMIN] ?? ''), ...body.headers },
        payload: body.payload,
      });
      state.uploadName = (response.json() as { filename: string }).filename;
      return response.statusCode;
    },
    status: 200,
    kind: 'file.upload',
    actor: ADMIN,
    user: ADMIN,
    recordType: 'upload',
    recordId: () => state.uploadName ?? '',
    facId: null,
    outcome: 'success',
  },
  {
    name: 'a file registered in a folder',
    act: async (ip) => {
      const payload = { fileOrFolder: 'file', name: 'scan.png', filenameOnServer: state.uploadName };
      const response = await call(
        { method: 'POST', url: `/fs/files/${await policiesFolder()}`, who: ADMIN, payload },
        ip,
      );
      state.fileId = (response.json() as { file: { file_id: number } }).file.file_id;
      return response.statusCode;
    },
    status: 201,
    kind: 'file.create_file',
    actor: ADMIN,
    user: ADMIN,
    recordType: 'file',
    recordId: () => String(state.fileId),
    facId: 101,
    outcome: 'success',
  },
  {
    name: 'a file download',
    act: async (ip) =>
      (await call({ method: 'GET', url: `/fs/download/${state.fileId}`, who: NURSE }, ip)).statusCode,
    status: 200,
    kind: 'file.download',
    actor: NURSE,
    user: NURSE,
    recordType: 'file',
    recordId: () => String(state.fileId),
    facId: 101,
    outcome: 'success',
  },
  {
    name: 'a file rename',
    act: async (ip) => {
      const payload = { name: 'scan-renamed.png' };
      return (await call({ method: 'PUT', url: `/fs/files/${state.fileId}`, who: ADMIN, payload }, ip))
        .statusCode;
    },
    status: 200,
    kind: 'file.update',
    actor: ADMIN,
    user: ADMIN,
    recordType: 'file',
    recordId: () => String(state.fileId),
    facId: 101,
    outcome: 'success',
  },
  {
    name: 'a file delete',
    act: async (ip) =>
      (await call({ method: 'DELETE', url: `/fs/files/${state.fileId}`, who: ADMIN }, ip)).statusCode,
    status: 200,
    kind: 'file.delete',
    actor: ADMIN,
    user: ADMIN,
    recordType: 'file',
    recordId: () => String(state.fileId),
    facId: 101,
    outcome: 'success',
  },
  {
    name: "a refused restore into another facility's folder",
    act: async (ip) => {
      const [lakeside] = await t.database.db
        .select({ id: files.id })
        .from(files)
        .where(and(eq(files.name, 'Lakeside Nursing Home (201)'), isNull(files.deletedAt)));
      const payload = { fileId: state.fileId, newParentId: lakeside?.id };
      return (await call({ method: 'POST', url: '/fs/restore', who: SUPER, payload }, ip)).statusCode;
    },
    status: 403,
    kind: 'file.restore',
    actor: SUPER,
    user: SUPER,
    recordType: 'file',
    recordId: () => String(state.fileId),
    facId: 101,
    outcome: 'denied',
  },
  {
    name: 'a file restore (the recycling bin is pharmacy staff only)',
    act: async (ip) => {
      const payload = { fileId: state.fileId };
      return (await call({ method: 'POST', url: '/fs/restore', who: SUPER, payload }, ip)).statusCode;
    },
    status: 200,
    kind: 'file.restore',
    actor: SUPER,
    user: SUPER,
    recordType: 'file',
    recordId: () => String(state.fileId),
    facId: 101,
    outcome: 'success',
  },
  {
    name: 'an API key created',
    act: async (ip) => {
      const payload = { pharmID: 'sprx', name: 'Audit test system' };
      return (await call({ method: 'POST', url: '/api/pharmacy-keys', who: SYSADMIN, payload }, ip))
        .statusCode;
    },
    status: 201,
    kind: 'pharmacyKey.create',
    actor: SYSADMIN,
    user: SYSADMIN,
    recordType: 'pharmacyApiKey',
    facId: null,
    outcome: 'success',
  },
  {
    name: 'a read of the audit trail',
    act: async (ip) =>
      (await call({ method: 'GET', url: '/api/audit?kind=auth.', who: SYSADMIN }, ip)).statusCode,
    status: 200,
    kind: 'audit.read',
    actor: SYSADMIN,
    user: SYSADMIN,
    recordType: 'audit',
    facId: null,
    outcome: 'success',
  },
  {
    name: 'a refused read of the audit trail',
    act: async (ip) => (await call({ method: 'GET', url: '/api/audit', who: NURSE }, ip)).statusCode,
    status: 403,
    kind: 'audit.read',
    actor: NURSE,
    user: NURSE,
    recordType: 'audit',
    facId: null,
    outcome: 'denied',
  },
];

describe('every audited kind leaves its event', () => {
  it.each(CASES.map((c, i) => [c.name, c, `10.66.${Math.floor(i / 200)}.${(i % 200) + 1}`] as const))(
    '%s',
    async (_name, c, ip) => {
      expect(await c.act(ip)).toBe(c.status);
      const [event] = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.kind, c.kind), eq(auditEvents.ip, ip)))
        .orderBy(desc(auditEvents.id))
        .limit(1);
      expect(event, `no ${c.kind} event from ${ip}`).toBeDefined();
      expect(event).toMatchObject({
        actor: c.actor,
        userId: c.user ? await userId(c.user) : null,
        facId: c.facId,
        outcome: c.outcome,
        ...(c.recordType ? { recordType: c.recordType } : {}),
        ...(c.recordId ? { recordId: await c.recordId() } : {}),
      });
    },
  );
});

describe('events cannot be changed', () => {
  it.each([
    [
      'UPDATE',
      sql`update audit_events set outcome = 'success' where id = (select min(id) from audit_events)`,
    ],
    ['DELETE', sql`delete from audit_events where id = (select min(id) from audit_events)`],
    ['TRUNCATE', sql`truncate audit_events`],
  ])('the database refuses %s', async (_name, statement) => {
    await expect(t.database.db.execute(statement)).rejects.toThrow();
  });

  it('no call changes or removes an event: after all the calls above, every earlier row is intact', async () => {
    // CASES have run (vitest runs files' tests in order): run them again and compare before and after.
    const before = await t.database.db.select().from(auditEvents).orderBy(auditEvents.id);
    for (const [i, c] of CASES.entries()) {
      if (c.kind.startsWith('file.') || c.kind === 'user.role' || c.kind === 'pharmacyUser.role') continue;
      await c.act(`10.67.0.${i + 1}`);
    }
    const after = await t.database.db.select().from(auditEvents).orderBy(auditEvents.id);
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.slice(0, before.length)).toEqual(before);
  });
});
