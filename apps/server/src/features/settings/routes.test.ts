import { SETTINGS_MESSAGES } from '@portal/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEvents,
  facilityContacts,
  facilitySettings,
  pharmacyMemberships,
  users,
} from '../../db/schema/index.ts';
import { bearer, buildTestApp, signIn, signInAll, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await buildTestApp();
  Object.assign(
    tokens,
    await signInAll(t.app, [
      'admin@meadowbrook.test',
      'nurse@meadowbrook.test',
      'don@lakeside.test',
      'sysadmin@pharmacy.test',
    ]),
  );
});
afterAll(async () => t.close());

const post = async (email: string, url: string, payload: object) => {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api${url}`,
    headers: bearer(tokens[email] ?? ''),
    payload,
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
};
const settings101 = () =>
  t.database.db.select().from(facilitySettings).where(eq(facilitySettings.facId, 101));

/** The pharmacist as a customer service colleague at the facility's pharmacy: may Discuss, never approve or deny. */
async function discussOnlyPharmacist() {
  const [pharmacist] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'pharmacist@pharmacy.test'));
  await t.database.db
    .update(pharmacyMemberships)
    .set({ role: 'CustomerService' })
    .where(eq(pharmacyMemberships.userId, pharmacist?.id ?? 0));
  tokens['pharmacist@pharmacy.test'] = await signIn(t.app, 'pharmacist@pharmacy.test');
}

describe('POST /api/facilitysetting', () => {
  it('saves the reminder count, interval and auto-respond with the spec toast text', async () => {
    const saved = await post('admin@meadowbrook.test', '/facilitysetting', {
      FaciId: 101,
      WidgetName: 'highCost',
      settingValues: {
        EmailNotificationMaxCount: '3',
        EmailNotificationIntervalMinutes: 90,
        AutoRespondAction: 'SubmitLimit',
      },
      SettingNote: '4',
    });
    expect(saved).toEqual({
      status: 200,
      body: {
        message: 'Facility settings for AUTHORIZATION... successfully saved',
        settingsVersion: expect.any(String),
      },
    });
    const rows = await settings101();
    const byName = Object.fromEntries(
      rows
        .filter((r) => r.widget === 'highCost')
        .map((r) => [r.settingName, [r.settingValue, r.settingNote]]),
    );
    expect(byName).toMatchObject({
      EmailNotificationMaxCount: ['3', ''],
      EmailNotificationIntervalMinutes: ['90', ''],
      AutoRespondAction: ['SubmitLimit', '4'],
    });
    const facility = await t.app.inject({
      method: 'GET',
      url: '/api/facility/101',
      headers: bearer(tokens['admin@meadowbrook.test'] ?? ''),
    });
    expect(JSON.stringify(facility.json())).toContain('SubmitLimit');
  });

  it('audits what a save changed, from and to, not only the names of the settings the page sent', async () => {
    const lastAudit = async () => {
      const events = await t.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.kind, 'facility.settings'))
        .orderBy(auditEvents.id);
      return events.at(-1)?.detail as Record<string, unknown>;
    };
    const values = (maxCount: string) => ({
      FaciId: 101,
      WidgetName: 'highCostAlerts',
      settingValues: {
        EmailNotificationMaxCount: maxCount,
        EmailNotificationIntervalMinutes: 45,
        AutoRespondAction: 'SubmitLimit',
      },
      SettingNote: '2',
    });
    expect((await post('admin@meadowbrook.test', '/facilitysetting', values('2'))).status).toBe(200);
    expect(await lastAudit()).toMatchObject({
      widget: 'highCostAlerts',
      changes: { EmailNotificationMaxCount: { to: { value: '2', note: '' } } },
    });
    // The page sends every setting again; only the count changed, and the trail says so.
    expect((await post('admin@meadowbrook.test', '/facilitysetting', values('6'))).status).toBe(200);
    const detail = await lastAudit();
    expect(detail.changes).toEqual({
      EmailNotificationMaxCount: { from: { value: '2', note: '' }, to: { value: '6', note: '' } },
    });
    expect(detail.settings).toEqual([
      'EmailNotificationMaxCount',
      'EmailNotificationIntervalMinutes',
      'AutoRespondAction',
    ]);
  });

  it('adds a contact and answers it; refuses a duplicate with 409 and a bad address with 400', async () => {
    const added = await post('admin@meadowbrook.test', '/facilitysetting', {
      FaciId: 101,
      WidgetName: 'highCostAlerts',
      ContactInfo: { Email: 'don.night@meadowbrook.test' },
    });
    expect(added.status).toBe(200);
    expect(added.body.faciContact).toMatchObject({
      contactInfo: 'don.night@meadowbrook.test',
      contactMethod: 'Email',
      widget: 'highCostAlerts',
    });
    const again = await post('admin@meadowbrook.test', '/facilitysetting', {
      FaciId: 101,
      WidgetName: 'highCostAlerts',
      ContactInfo: { Email: 'DON.night@meadowbrook.test' },
    });
    expect(again).toMatchObject({ status: 409, body: { message: 'Email already exists' } });
    const otherWidget = await post('admin@meadowbrook.test', '/facilitysetting', {
      FaciId: 101,
      WidgetName: 'highCost',
      ContactInfo: { Email: 'don.night@meadowbrook.test' },
    });
    expect(otherWidget.status).toBe(200);
    for (const Email of ['nope', 'a@b', 'a@b.toolong', 'a b@c.de']) {
      const bad = await post('admin@meadowbrook.test', '/facilitysetting', {
        FaciId: 101,
        WidgetName: 'highCost',
        ContactInfo: { Email },
      });
      expect(bad.status, Email).toBe(400);
      expect(JSON.stringify(bad.body.fields)).toContain('Please enter a valid email address.');
    }
  });

  it.each([
    [{ settingValues: { EmailNotificationMaxCount: -1 } }, 'settingValues.EmailNotificationMaxCount'],
    [
      { settingValues: { EmailNotificationIntervalMinutes: 0 } },
      'settingValues.EmailNotificationIntervalMinutes',
    ],
    [{ settingValues: { AutoRespondAction: 'Explode' } }, 'AutoRespondAction'],
    [{ settingValues: { AutoRespondAction: 'SubmitLimit' }, SettingNote: '10' }, 'SettingNote'],
    // Text that Number() would read as a number in range is still not a whole number written in digits.
    [{ settingValues: { AutoRespondAction: 'SubmitLimit' }, SettingNote: '0x5' }, 'SettingNote'],
    [{ settingValues: { AutoRespondAction: 'SubmitLimit' }, SettingNote: '5e0' }, 'SettingNote'],
    [{ settingValues: { AutoRespondAction: 'SubmitLimit' }, SettingNote: ' 5' }, 'SettingNote'],
    [
      { settingValues: { AutoRespondAction: 'ApproveOnce' }, WidgetName: 'highCostAlerts' },
      'AutoRespondAction',
    ],
    [{ WidgetName: 'openBatch', settingValues: { EmailNotificationMaxCount: 1 } }, 'WidgetName'],
    [{}, 'settingValues'],
  ])('refuses %j with 400 and writes nothing', async (extra, field) => {
    const before = await settings101();
    const result = await post('admin@meadowbrook.test', '/facilitysetting', {
      FaciId: 101,
      WidgetName: 'highCost',
      ...extra,
    });
    expect(result.status).toBe(400);
    expect(Object.keys(result.body.fields as object)).toContain(field);
    expect(await settings101()).toEqual(before);
  });

  it.each([1.5, -5, 0, 10_081, '1.5', '-5', 'ten', null, true])(
    'refuses a reminder interval of %j saying what is accepted, and writes nothing',
    async (value) => {
      const before = await settings101();
      const result = await post('admin@meadowbrook.test', '/facilitysetting', {
        FaciId: 101,
        WidgetName: 'highCost',
        settingValues: { EmailNotificationIntervalMinutes: value },
      });
      expect(result.status).toBe(400);
      expect(result.body.fields).toEqual({
        'settingValues.EmailNotificationIntervalMinutes': 'Enter a whole number of minutes from 1 to 10080',
      });
      expect(SETTINGS_MESSAGES.interval).toBe('Enter a whole number of minutes from 1 to 10080');
      expect(await settings101()).toEqual(before);
    },
  );

  it.each([2.5, -1, 21, '2.5'])('refuses %j email reminders saying what is accepted', async (value) => {
    const result = await post('admin@meadowbrook.test', '/facilitysetting', {
      FaciId: 101,
      WidgetName: 'highCost',
      settingValues: { EmailNotificationMaxCount: value },
    });
    expect(result.status).toBe(400);
    expect(result.body.fields).toEqual({
      'settingValues.EmailNotificationMaxCount': 'Enter a whole number of email reminders from 0 to 20',
    });
  });

  it('is refused without allowToSetSettingsForFacility (403) and for another tenant (404)', async () => {
    const payload = { WidgetName: 'highCost', settingValues: { EmailNotificationMaxCount: 1 } };
    expect(
      (await post('admin@meadowbrook.test', '/facilitysetting', { FaciId: 102, ...payload })).status,
    ).toBe(403);
    expect(
      (await post('nurse@meadowbrook.test', '/facilitysetting', { FaciId: 101, ...payload })).status,
    ).toBe(403);
    expect((await post('don@lakeside.test', '/facilitysetting', { FaciId: 101, ...payload })).status).toBe(
      404,
    );
  });

  it('refuses an automatic answer that the person setting it may not give themselves (403)', async () => {
    await discussOnlyPharmacist();
    const before = await settings101();

    for (const [WidgetName, AutoRespondAction] of [
      ['highCost', 'Approve'],
      ['highCostAlerts', 'Deny'],
      ['highCost', 'SubmitLimit'],
    ]) {
      const refused = await post('pharmacist@pharmacy.test', '/facilitysetting', {
        FaciId: 101,
        WidgetName,
        settingValues: { EmailNotificationMaxCount: 2, AutoRespondAction },
      });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(SETTINGS_MESSAGES.autoRespondNotAllowed);
    }
    expect(await settings101()).toEqual(before);

    const none = await post('pharmacist@pharmacy.test', '/facilitysetting', {
      FaciId: 101,
      WidgetName: 'highCost',
      settingValues: { AutoRespondAction: '' },
    });
    expect(none.status).toBe(200);
    const sysadmin = await post('sysadmin@pharmacy.test', '/facilitysetting', {
      FaciId: 101,
      WidgetName: 'highCost',
      settingValues: { AutoRespondAction: 'Approve' },
    });
    expect(sysadmin.status).toBe(200);
    await post('sysadmin@pharmacy.test', '/facilitysetting', {
      FaciId: 101,
      WidgetName: 'highCost',
      settingValues: { AutoRespondAction: '' },
    });
  });
  it('lets someone who may not give the saved answer keep it while saving other settings', async () => {
    await discussOnlyPharmacist();
    const save = (email: string, WidgetName: string, values: object, SettingNote?: string) =>
      post(email, '/facilitysetting', {
        FaciId: 101,
        WidgetName,
        settingValues: { EmailNotificationMaxCount: 3, ...values },
        ...(SettingNote ? { SettingNote } : {}),
      });
    expect((await save('sysadmin@pharmacy.test', 'highCost', { AutoRespondAction: 'Approve' })).status).toBe(
      200,
    );
    expect(
      (await save('sysadmin@pharmacy.test', 'highCostAlerts', { AutoRespondAction: 'SubmitLimit' }, '3'))
        .status,
    ).toBe(200);

    // The page re-sends the saved choice with every save.
    const kept = await save('pharmacist@pharmacy.test', 'highCost', {
      EmailNotificationMaxCount: 5,
      AutoRespondAction: 'Approve',
    });
    expect(kept.status).toBe(200);
    const keptLimit = await save(
      'pharmacist@pharmacy.test',
      'highCostAlerts',
      { AutoRespondAction: 'SubmitLimit' },
      '3',
    );
    expect(keptLimit.status).toBe(200);
    const stored = async (widget: string, name: string) =>
      (await settings101()).find((r) => r.widget === widget && r.settingName === name);
    expect((await stored('highCost', 'EmailNotificationMaxCount'))?.settingValue).toBe('5');
    expect((await stored('highCost', 'AutoRespondAction'))?.settingValue).toBe('Approve');

    // Changing the answer, even only its Limit Count, is giving it.
    for (const [WidgetName, AutoRespondAction, note] of [
      ['highCost', 'Deny', undefined],
      ['highCostAlerts', 'SubmitLimit', '9'],
    ] as const) {
      const refused = await save('pharmacist@pharmacy.test', WidgetName, { AutoRespondAction }, note);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(SETTINGS_MESSAGES.autoRespondNotAllowed);
    }
    expect((await stored('highCostAlerts', 'AutoRespondAction'))?.settingNote).toBe('3');

    for (const widget of ['highCost', 'highCostAlerts'])
      expect((await save('pharmacist@pharmacy.test', widget, { AutoRespondAction: '' })).status).toBe(200);
  });
});

describe('editing and deleting contacts', () => {
  it('edits and deletes a contact, refusing duplicates and other tenants', async () => {
    const added = await post('admin@meadowbrook.test', '/facilitysetting', {
      FaciId: 101,
      WidgetName: 'highCost',
      ContactInfo: { Email: 'pharmacy.liaison@meadowbrook.test' },
    });
    const id = (added.body.faciContact as { facilityContactInfoID: number }).facilityContactInfoID;
    await post('admin@meadowbrook.test', '/facilitysetting', {
      FaciId: 101,
      WidgetName: 'highCost',
      ContactInfo: { Email: 'taken@meadowbrook.test' },
    });

    expect(
      (
        await post('don@lakeside.test', '/editfacisetting', {
          ContactId: id,
          ContactInfo: { Email: 'x@lakeside.test' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await post('nurse@meadowbrook.test', '/editfacisetting', {
          ContactId: id,
          ContactInfo: { Email: 'x@meadowbrook.test' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await post('admin@meadowbrook.test', '/editfacisetting', {
          ContactId: id,
          ContactInfo: { Email: 'taken@meadowbrook.test' },
        })
      ).status,
    ).toBe(409);
    expect(
      (
        await post('admin@meadowbrook.test', '/editfacisetting', {
          ContactId: id,
          ContactInfo: { Email: 'bad' },
        })
      ).status,
    ).toBe(400);
    const edited = await post('admin@meadowbrook.test', '/editfacisetting', {
      ContactId: id,
      ContactInfo: { Email: 'liaison@meadowbrook.test' },
      contactMethod: 'Email',
    });
    expect(edited.status).toBe(200);
    const [row] = await t.database.db.select().from(facilityContacts).where(eq(facilityContacts.id, id));
    expect(row?.contactInfo).toBe('liaison@meadowbrook.test');

    expect((await post('don@lakeside.test', '/deletefacicontact', { ContactId: id })).status).toBe(404);
    expect((await post('admin@meadowbrook.test', '/deletefacicontact', { ContactId: id })).status).toBe(200);
    expect((await post('admin@meadowbrook.test', '/deletefacicontact', { ContactId: id })).status).toBe(404);
  });
});

describe('the audit trail of reminder contacts', () => {
  it('names the address each change added, changed (from and to) or removed, and nothing for a refused or unchanged one', async () => {
    const trail = async () =>
      (
        await t.database.db
          .select()
          .from(auditEvents)
          .where(eq(auditEvents.kind, 'facility.settings'))
          .orderBy(auditEvents.id)
      ).map((e) => e.detail as Record<string, unknown>);
    const add = (Email: string) =>
      post('admin@meadowbrook.test', '/facilitysetting', {
        FaciId: 101,
        WidgetName: 'highCost',
        ContactInfo: { Email },
      });
    const before = (await trail()).length;
    const added = await add('night.desk@meadowbrook.test');
    expect(added.status).toBe(200);
    const id = (added.body.faciContact as { facilityContactInfoID: number }).facilityContactInfoID;
    expect((await add('day.desk@meadowbrook.test')).status).toBe(200);
    const edit = async (Email: string) =>
      (await post('admin@meadowbrook.test', '/editfacisetting', { ContactId: id, ContactInfo: { Email } }))
        .status;
    expect(await edit('day.desk@meadowbrook.test')).toBe(409);
    expect(await edit('night.desk@meadowbrook.test')).toBe(200);
    expect(await edit('outside@example.test')).toBe(200);
    expect((await post('admin@meadowbrook.test', '/deletefacicontact', { ContactId: id })).status).toBe(200);
    const events = (await trail()).slice(before);
    expect(events).toHaveLength(4);
    expect(events[0]).toMatchObject({ contactAdded: true, contact: 'night.desk@meadowbrook.test' });
    expect(events[1]).toMatchObject({ contactAdded: true, contact: 'day.desk@meadowbrook.test' });
    expect(events[2]).toMatchObject({
      contactEdited: true,
      contact: { from: 'night.desk@meadowbrook.test', to: 'outside@example.test' },
    });
    expect(events[3]).toMatchObject({ contactDeleted: true, contact: 'outside@example.test' });
  });
});

describe("another tenant's contact", () => {
  it('is answered exactly as a contact that does not exist, on edit and on delete', async () => {
    const added = await post('admin@meadowbrook.test', '/facilitysetting', {
      FaciId: 101,
      WidgetName: 'highCostAlerts',
      ContactInfo: { Email: 'unit.manager@meadowbrook.test' },
    });
    const id = (added.body.faciContact as { facilityContactInfoID: number }).facilityContactInfoID;
    const missing = 2_000_000_000;
    for (const [url, body] of [
      ['/editfacisetting', (ContactId: number) => ({ ContactId, ContactInfo: 'x@lakeside.test' })],
      ['/deletefacicontact', (ContactId: number) => ({ ContactId })],
    ] as const) {
      const theirs = await post('don@lakeside.test', url, body(id));
      const none = await post('don@lakeside.test', url, body(missing));
      expect(theirs, url).toEqual(none);
      expect(theirs.status, url).toBe(404);
    }
    const [row] = await t.database.db.select().from(facilityContacts).where(eq(facilityContacts.id, id));
    expect(row?.contactInfo).toBe('unit.manager@meadowbrook.test');
  });
});

describe('POST /api/facilitysetting with an id PostgreSQL cannot hold', () => {
  it.each([2_147_483_648, 9_007_199_254_740_991, '2147483648'])(
    'refuses FaciId %j with a 400 naming it and saves nothing',
    async (FaciId) => {
      const before = await t.database.db.select().from(facilitySettings);
      const contacts = await t.database.db.select().from(facilityContacts);
      const refused = await post('admin@meadowbrook.test', '/facilitysetting', {
        FaciId,
        WidgetName: 'highCost',
        settingValues: { EmailNotificationMaxCount: 3 },
        ContactInfo: { Email: 'ward@meadowbrook.test' },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { FaciId: expect.any(String) },
      });
      expect(await t.database.db.select().from(facilitySettings)).toEqual(before);
      expect(await t.database.db.select().from(facilityContacts)).toEqual(contacts);
    },
  );
});

describe('a save sent with the settings version its form was loaded with', () => {
  const versions = async (email = 'admin@meadowbrook.test') => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/api/facility/101',
      headers: bearer(tokens[email] ?? ''),
    });
    return answer.json().facility.facilitySettingsVersions as Record<string, string>;
  };
  const stored = async (name: string) =>
    (await settings101()).find((r) => r.widget === 'highCostAlerts' && r.settingName === name)?.settingValue;
  const settingsAudits = async () =>
    (await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, 'facility.settings'))).length;
  /** What the page sends: every setting of the card, the untouched ones as it loaded them. */
  const saveCard = (email: string, values: object, settingsVersion?: string) =>
    post(email, '/facilitysetting', {
      FaciId: 101,
      WidgetName: 'highCostAlerts',
      settingValues: {
        EmailNotificationMaxCount: 0,
        EmailNotificationIntervalMinutes: 60,
        AutoRespondAction: '',
        ...values,
      },
      ...(settingsVersion === undefined ? {} : { settingsVersion }),
    });

  it("answers each widget's version, changed by a change of its settings only", async () => {
    const before = await versions();
    expect(Object.keys(before).sort()).toEqual(['highCost', 'highCostAlerts']);
    expect(await versions('sysadmin@pharmacy.test')).toEqual(before);

    const added = await post('admin@meadowbrook.test', '/facilitysetting', {
      FaciId: 101,
      WidgetName: 'highCostAlerts',
      ContactInfo: { Email: 'versions.contact@meadowbrook.test' },
    });
    expect(added.status).toBe(200);
    expect(added.body.settingsVersion).toBeUndefined();
    expect(await versions()).toEqual(before);

    const same = await saveCard('admin@meadowbrook.test', {
      EmailNotificationIntervalMinutes: Number((await stored('EmailNotificationIntervalMinutes')) ?? 60),
      EmailNotificationMaxCount: Number((await stored('EmailNotificationMaxCount')) ?? 0),
      AutoRespondAction: (await stored('AutoRespondAction')) ?? '',
    });
    expect(same.status).toBe(200);
    const afterSame = await versions();
    expect(afterSame.highCost).toBe(before.highCost);
    // Saving the values already stored (or, with no rows, storing the defaults the page showed) is a version too.
    expect(same.body.settingsVersion).toBe(afterSame.highCostAlerts);

    const changed = await saveCard('admin@meadowbrook.test', { EmailNotificationIntervalMinutes: 61 });
    expect(changed.status).toBe(200);
    const after = await versions();
    expect(after.highCostAlerts).not.toBe(afterSame.highCostAlerts);
    expect(after.highCost).toBe(before.highCost);
    expect(changed.body.settingsVersion).toBe(after.highCostAlerts);
  });

  it("refuses a stale form's save with 409, writing and auditing nothing, then saves with the current version", async () => {
    // The admin opens the page; the pharmacy's sysadmin then chooses Deny.
    const opened = (await versions()).highCostAlerts;
    const deny = await saveCard('sysadmin@pharmacy.test', { AutoRespondAction: 'Deny' }, opened);
    expect(deny.status, JSON.stringify(deny.body)).toBe(200);
    const rows = await settings101();
    const audits = await settingsAudits();

    // The admin's form still shows None and re-sends it with the new interval.
    const stale = await saveCard('admin@meadowbrook.test', { EmailNotificationIntervalMinutes: 45 }, opened);
    expect(stale).toEqual({
      status: 409,
      body: { message: SETTINGS_MESSAGES.changedSince, code: 'CONFLICT' },
    });
    expect(SETTINGS_MESSAGES.changedSince).toBe(
      'These settings were changed by someone else after you opened them. Your changes were not saved: reload to see the current settings.',
    );
    expect(await settings101()).toEqual(rows);
    expect(await settingsAudits()).toBe(audits);

    // Reloaded, the form holds Deny and the current version: the save is written, and audited.
    const current = (await versions()).highCostAlerts;
    expect(current).toBe(deny.body.settingsVersion);
    const saved = await saveCard(
      'admin@meadowbrook.test',
      { EmailNotificationIntervalMinutes: 45, AutoRespondAction: 'Deny' },
      current,
    );
    expect(saved.status).toBe(200);
    expect(await stored('EmailNotificationIntervalMinutes')).toBe('45');
    expect(await stored('AutoRespondAction')).toBe('Deny');
    expect(await settingsAudits()).toBe(audits + 1);

    // The answer's version is the form's next one: a second save by the same person goes through.
    const again = await saveCard(
      'admin@meadowbrook.test',
      { EmailNotificationIntervalMinutes: 50, AutoRespondAction: 'Deny' },
      String(saved.body.settingsVersion),
    );
    expect(again.status).toBe(200);
    expect(await stored('EmailNotificationIntervalMinutes')).toBe('50');
    // ...and the version it replaced no longer does.
    const replaced = await saveCard('admin@meadowbrook.test', { AutoRespondAction: 'Deny' }, current);
    expect(replaced.status).toBe(409);
    expect(await stored('EmailNotificationMaxCount')).toBe('0');
  });

  it("checks only the widget it saves: the other widget's change does not refuse it", async () => {
    const opened = await versions();
    const other = await post('admin@meadowbrook.test', '/facilitysetting', {
      FaciId: 101,
      WidgetName: 'highCost',
      settingValues: { EmailNotificationMaxCount: 6 },
      settingsVersion: opened.highCost,
    });
    expect(other.status).toBe(200);
    const saved = await saveCard(
      'admin@meadowbrook.test',
      { EmailNotificationIntervalMinutes: 55, AutoRespondAction: 'Deny' },
      opened.highCostAlerts,
    );
    expect(saved.status).toBe(200);
    // A version of one widget is not the other's.
    const crossed = await post('admin@meadowbrook.test', '/facilitysetting', {
      FaciId: 101,
      WidgetName: 'highCost',
      settingValues: { EmailNotificationMaxCount: 7 },
      settingsVersion: (await versions()).highCostAlerts,
    });
    expect(crossed.status).toBe(409);
  });

  it('without a version (an older client) writes what it is sent, as before', async () => {
    const deny = await saveCard('sysadmin@pharmacy.test', { AutoRespondAction: 'Deny' });
    expect(deny.status).toBe(200);
    // The page re-sends every setting of the card: a stale form's None replaces the newer Deny.
    const stale = await saveCard('admin@meadowbrook.test', { EmailNotificationIntervalMinutes: 45 });
    expect(stale.status).toBe(200);
    expect(await stored('AutoRespondAction')).toBe('');
  });

  it.each<[string | number, string]>([
    ['', 'an empty version'],
    [42, 'a number'],
    ['x'.repeat(65), 'a version too long'],
  ])('refuses %j (%s) with 400 and writes nothing', async (settingsVersion) => {
    const before = await settings101();
    const refused = await post('admin@meadowbrook.test', '/facilitysetting', {
      FaciId: 101,
      WidgetName: 'highCostAlerts',
      settingValues: { EmailNotificationMaxCount: 9 },
      settingsVersion,
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields as object)).toContain('settingsVersion');
    expect(await settings101()).toEqual(before);
  });
});
