import { WIDGETS } from '@portal/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, users } from '../../db/schema/index.ts';
import { openSecret } from '../../platform/secret-box.ts';
import { requestAction } from '../../test/alerts.ts';
import { bearer, buildTestApp, signIn, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const post = async (token: string, url: string, payload?: object) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: bearer(token),
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
};
const userRow = async (email: string) =>
  (await t.database.db.select().from(users).where(eq(users.email, email)))[0];
const userInfo = async (token: string) =>
  (await t.app.inject({ method: 'GET', url: '/api/tokeninfo', headers: bearer(token) })).json() as {
    userInfo: { mediprocityUser: boolean; userSettings: Record<string, unknown>; userId: number };
  };

describe('messaging-service credentials', () => {
  it('saves them sealed, never returns the secrets, and lifts the credentials gate on actions', async () => {
    const token = await signIn(t.app, 'nurse.nocreds@meadowbrook.test');
    expect((await userInfo(token)).userInfo.mediprocityUser).toBe(false);
    const saved = await post(token, '/loginmediprocity', {
      user: 'nurse.nocreds',
      password: 'p@ss-word-1',
      encryptionKey: 'k3y-material',
    });
    expect(saved).toEqual({
      status: 200,
      body: {
        message: 'Credentials successfully saved',
        mediprocityInfo: { user: 'nurse.nocreds', hasPassword: true, hasEncryptionKey: true },
      },
    });
    const row = await userRow('nurse.nocreds@meadowbrook.test');
    expect(Buffer.from(row?.mediprocitySecret ?? []).toString('utf8')).not.toContain('p@ss-word-1');
    expect(JSON.parse(openSecret(t.app.secretKey, row?.mediprocitySecret ?? new Uint8Array()))).toEqual({
      password: 'p@ss-word-1',
      encryptionKey: 'k3y-material',
    });
    const info = await userInfo(token);
    expect(info.userInfo.mediprocityUser).toBe(true);
    expect(JSON.stringify(info)).not.toMatch(/p@ss-word-1|k3y-material/);

    const list = await t.app.inject({ method: 'GET', url: '/api/nonCovered', headers: bearer(token) });
    const alert = (list.json() as { nonCoveredList: { _internalID: number }[] }).nonCoveredList[0];
    const action = await requestAction(t.app, token, {
      widget: 'NonCovered',
      _internalID: alert?._internalID,
      requestedAction: 'ask',
      actionComment: 'Now I can ask',
    });
    expect(action.status).toBe(200);

    expect((await post(token, '/clearMediprocity')).body).toEqual({ message: 'Credentials removed' });
    expect((await userInfo(token)).userInfo.mediprocityUser).toBe(false);
  });

  it.each([
    [{}, ['user', 'password', 'encryptionKey']],
    [{ user: ' ', password: 'x', encryptionKey: 'y' }, ['user']],
    [{ user: 'a', password: '', encryptionKey: '' }, ['password', 'encryptionKey']],
  ])('refuses %j with the spec messages', async (payload, fields) => {
    const token = await signIn(t.app, 'pharmacist@pharmacy.test');
    const result = await post(token, '/loginmediprocity', payload);
    expect(result.status).toBe(400);
    expect(Object.keys(result.body.fields as object).sort()).toEqual([...fields].sort());
    expect((await userRow('pharmacist@pharmacy.test'))?.mediprocitySecret).toBeNull();
  });
});

describe('POST /api/usersetting', () => {
  it('saves your own order and visibility', async () => {
    const token = await signIn(t.app, 'nurse@meadowbrook.test');
    const { userInfo: me } = await userInfo(token);
    const result = await post(token, '/usersetting', {
      UserId: me.userId,
      settingValues: { widget_highCost_Show: 'false', widget_openBatch_SortOrder: 1 },
    });
    expect(result.status).toBe(200);
    const after = (await userInfo(token)).userInfo.userSettings;
    expect(after).toMatchObject({
      widget_highCost_Show: false,
      widget_openBatch_SortOrder: 1,
      widget_nonCovered_Show: true,
    });
  });

  it('lets an administrator lock a user, who then cannot change their own', async () => {
    const admin = await signIn(t.app, 'admin@meadowbrook.test');
    const nurse = await signIn(t.app, 'nurse@meadowbrook.test');
    const nurseId = (await userInfo(nurse)).userInfo.userId;
    expect(
      (await post(nurse, '/usersetting', { UserId: nurseId, settingValues: { allowToSetSettings: false } }))
        .status,
    ).toBe(403);
    expect(
      (await post(admin, '/usersetting', { UserId: nurseId, settingValues: { allowToSetSettings: false } }))
        .status,
    ).toBe(200);
    const locked = await post(nurse, '/usersetting', {
      UserId: nurseId,
      settingValues: { widget_highCost_Show: true },
    });
    expect(locked).toMatchObject({
      status: 403,
      body: { message: 'your dashboard settings are managed by another user' },
    });
    expect(
      (await post(admin, '/usersetting', { UserId: nurseId, settingValues: { allowToSetSettings: true } }))
        .status,
    ).toBe(200);
  });

  it('lets a pharmacy SysAdmin save their own dashboard with the lock switch the page shows them', async () => {
    const sys = await signIn(t.app, 'sysadmin@pharmacy.test');
    const me = (await userInfo(sys)).userInfo;
    for (const allowToSetSettings of [true, false, true]) {
      const saved = await post(sys, '/usersetting', {
        UserId: me.userId,
        settingValues: { widget_highCost_Show: true, allowToSetSettings },
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      expect((await userInfo(sys)).userInfo.userSettings.allowToSetSettings).toBe(allowToSetSettings);
    }
    // A nurse is still refused the lock on her own.
    const nurse = await signIn(t.app, 'nurse@meadowbrook.test');
    const nurseId = (await userInfo(nurse)).userInfo.userId;
    const refused = await post(nurse, '/usersetting', {
      UserId: nurseId,
      settingValues: { allowToSetSettings: true },
    });
    expect(refused.status).toBe(403);
  });

  it("answers 404 for a user outside the viewer's administration, and 400 for unknown settings", async () => {
    const admin = await signIn(t.app, 'admin@meadowbrook.test');
    const don = await userRow('don@lakeside.test');
    expect(
      (await post(admin, '/usersetting', { UserId: don?.id, settingValues: { widget_highCost_Show: false } }))
        .status,
    ).toBe(404);
    const sys = await signIn(t.app, 'sysadmin@pharmacy.test');
    expect(
      (await post(sys, '/usersetting', { UserId: don?.id, settingValues: { widget_highCost_Show: true } }))
        .status,
    ).toBe(200);
    for (const settingValues of [
      { password: 'x' },
      { widget_nope_Show: true },
      { widget_highCost_SortOrder: 99 },
      { widget_highCost_Show: 'maybe' },
    ]) {
      const result = await post(admin, '/usersetting', { UserId: don?.id, settingValues });
      expect(result.status, JSON.stringify(settingValues)).toBe(400);
    }
  });

  it('follows the Pharmacy Users rule for a pharmacy user: a shared pharmacy with the settings key, never oneself', async () => {
    const pharmacist = await userRow('pharmacist@pharmacy.test');
    const sys = await signIn(t.app, 'sysadmin@pharmacy.test');
    const settingValues = { widget_highCost_Show: false };
    // SysAdmin at sprx holds allowToSetSettingsForUsers there, where the pharmacist works.
    expect((await post(sys, '/usersetting', { UserId: pharmacist?.id, settingValues })).status).toBe(200);
    // Billing at upny shares no pharmacy with the sprx pharmacist (and holds no settings key).
    const billing = await signIn(t.app, 'billing@pharmacy.test');
    expect((await post(billing, '/usersetting', { UserId: pharmacist?.id, settingValues })).status).toBe(404);
    // The pharmacist holds no settings key at sprx, so cannot set the SysAdmin's.
    const sysRow = await userRow('sysadmin@pharmacy.test');
    const own = await signIn(t.app, 'pharmacist@pharmacy.test');
    expect((await post(own, '/usersetting', { UserId: sysRow?.id, settingValues })).status).toBe(404);
  });
});

describe('POST /api/usersetting with an id PostgreSQL cannot hold', () => {
  it.each([2_147_483_648, 9_007_199_254_740_991, '2147483648'])(
    'refuses UserId %j with a 400 naming it and saves nothing',
    async (UserId) => {
      const token = await signIn(t.app, 'admin@meadowbrook.test');
      const before = await t.database.db.select().from(users);
      const refused = await post(token, '/usersetting', {
        UserId,
        settingValues: { widget_highCost_Show: false },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { UserId: expect.any(String) },
      });
      expect(await t.database.db.select().from(users)).toEqual(before);
    },
  );
});

describe('POST /api/usersetting sort orders', () => {
  it.each([true, false, '0x3', '1e0', ' 2', '2.0', 1.5, 0, -1, 99, ''])(
    'refuses the sort order %j with a 400 naming the setting and saves nothing',
    async (value) => {
      const token = await signIn(t.app, 'nurse@meadowbrook.test');
      const { userInfo: me } = await userInfo(token);
      const before = await t.database.db.select().from(users);
      const refused = await post(token, '/usersetting', {
        UserId: me.userId,
        settingValues: { widget_openBatch_SortOrder: 2, widget_highCost_SortOrder: value },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { 'settingValues.widget_highCost_SortOrder': expect.stringMatching(/^Must be 1 to \d+$/) },
      });
      expect(await t.database.db.select().from(users)).toEqual(before);
    },
  );

  it('takes a sort order as a whole number or as digits', async () => {
    const token = await signIn(t.app, 'nurse@meadowbrook.test');
    const { userInfo: me } = await userInfo(token);
    const saved = await post(token, '/usersetting', {
      UserId: me.userId,
      settingValues: { widget_openBatch_SortOrder: 3, widget_highCost_SortOrder: '4' },
    });
    expect(saved.status).toBe(200);
    expect((await userInfo(token)).userInfo.userSettings).toMatchObject({
      widget_openBatch_SortOrder: 3,
      widget_highCost_SortOrder: 4,
    });
  });
});

describe('POST /api/usersetting keeps the sort orders a permutation', () => {
  const orders = (settings: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(settings)
        .filter(([key]) => key.endsWith('_SortOrder'))
        .map(([key, value]) => [key.replace(/^widget_|_SortOrder$/g, ''), value]),
    );
  const isPermutation = (byWidget: Record<string, unknown>) =>
    Object.values(byWidget)
      .map(Number)
      .sort((a, b) => a - b)
      .every((order, i) => order === i + 1);

  it('moves the others out of the way of an order just chosen, and audits what moved', async () => {
    const token = await signIn(t.app, 'don@lakeside.test');
    const { userInfo: me } = await userInfo(token);
    // Every widget in catalogue order first, then the fourth moved to the front.
    const start = Object.fromEntries(WIDGETS.map((w, i) => [`widget_${w.key}_SortOrder`, i + 1]));
    expect((await post(token, '/usersetting', { UserId: me.userId, settingValues: start })).status).toBe(200);
    const moved = await post(token, '/usersetting', {
      UserId: me.userId,
      settingValues: { widget_priorAuth_SortOrder: 1 },
    });
    expect(moved.status).toBe(200);
    const after = orders((await userInfo(token)).userInfo.userSettings);
    expect(isPermutation(after)).toBe(true);
    expect(after).toMatchObject({ priorAuth: 1, highCost: 2, openBatch: 3, nonCovered: 4, theraInt: 5 });
    const [entry] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'user.settings'), eq(auditEvents.recordId, String(me.userId))))
      .orderBy(desc(auditEvents.id))
      .limit(1);
    expect(entry?.detail).toEqual({
      keys: ['widget_priorAuth_SortOrder'],
      reordered: ['widget_highCost_SortOrder', 'widget_openBatch_SortOrder', 'widget_nonCovered_SortOrder'],
    });
  });

  it('gives repeated orders in one body distinct ones, the first of the catalogue keeping the order', async () => {
    const token = await signIn(t.app, 'don@lakeside.test');
    const { userInfo: me } = await userInfo(token);
    const repeated = Object.fromEntries(WIDGETS.map((w) => [`widget_${w.key}_SortOrder`, 2]));
    expect((await post(token, '/usersetting', { UserId: me.userId, settingValues: repeated })).status).toBe(
      200,
    );
    const after = orders((await userInfo(token)).userInfo.userSettings);
    expect(isPermutation(after)).toBe(true);
    expect(after).toMatchObject({ highCost: 2, openBatch: 1, nonCovered: 3 });
  });
});
