import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertActions, alerts, outbox } from '../../db/schema/index.ts';
import { hoursAfter } from '../../platform/hours.ts';
import { deleteOldMail, deliverDueMail, mailDelivery, OUTBOX_KEEP_HOURS } from '../../platform/mail.ts';
import { runExclusive } from '../../platform/scheduler.ts';
import { startSmtpListener } from '../../test/smtp-listener.ts';
import { bearer, buildTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { sweepAutoRespond } from './auto-respond.ts';
import { sweepReminders } from './reminders.ts';
import { raiseAlert } from './test-support.ts';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
let superToken: string;
const MINUTE = 60_000;
const T0 = new Date('2026-11-02T08:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);

beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'https://portal.example.test' });
  smtp = await startSmtpListener();
  superToken = await signIn(t.app, 'super@portal.test');
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});

const configure = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/facilitysetting',
    headers: bearer(superToken),
    payload: { FaciId: 301, ...payload },
  });
const reminders = (now: Date) =>
  runExclusive(
    t.database.db,
    'reminders',
    (tx, clock) => sweepReminders(tx, clock, t.config.publicUrl).then(() => undefined),
    now,
  );
const mails = () => t.database.db.select().from(outbox).where(eq(outbox.kind, 'reminder'));

describe('reminder emails', () => {
  it('go out every interval up to the count, stop on an answer, and name no patient, drug or Rx', async () => {
    await configure({
      WidgetName: 'highCost',
      settingValues: { EmailNotificationMaxCount: 2, EmailNotificationIntervalMinutes: 60 },
    });
    await configure({ WidgetName: 'highCost', ContactInfo: { Email: 'don@buckeye.test' } });
    await configure({ WidgetName: 'highCost', ContactInfo: { Email: 'admin@buckeye.test' } });
    const waiting = await raiseAlert(t.database.db, { widget: 'highCost', facId: 301, dateCreated: T0 });
    const answered = await raiseAlert(t.database.db, { widget: 'highCost', facId: 301, dateCreated: T0 });

    await reminders(at(59));
    expect(await mails()).toHaveLength(0);

    await reminders(at(60));
    const first = await mails();
    expect(first.map((m) => m.to).sort()).toEqual(['admin@buckeye.test', 'don@buckeye.test']);
    expect(first[0]?.subject).toBe('Reminder: 2 AUTHORIZATION alerts waiting at Buckeye Senior Living');
    expect(first[0]?.textBody).toContain('https://portal.example.test/alerts/authorization?facilityIds=301');
    for (const mail of first) {
      expect(`${mail.subject}${mail.textBody}`).not.toMatch(/Testperson|Secret|Confidentialdrug|\d{8}/);
    }

    await reminders(at(61));
    expect(await mails()).toHaveLength(2);

    await t.database.db
      .insert(alertActions)
      .values({ alertId: answered.id, action: 'approve', requestedBy: 'Nurse' });
    await reminders(at(120));
    const second = (await mails()).slice(2);
    expect(second).toHaveLength(2);
    expect(second[0]?.meta).toMatchObject({ alerts: [{ alertId: waiting.id, slot: 2 }] });

    await reminders(at(600));
    expect(await mails()).toHaveLength(4);
  });

  it('are delivered to SMTP once, retried with backoff when the server refuses', async () => {
    const delivery = mailDelivery(smtp.url, 'Care Portal <no-reply@portal.test>');
    smtp.failNext(1);
    await deliverDueMail(t.database.db, delivery, at(600));
    const afterFirst = await mails();
    const refused = afterFirst.filter((m) => m.status === 'pending');
    expect(refused).toHaveLength(1);
    expect(refused[0]?.attempts).toBe(1);
    expect(refused[0]?.lastError).toContain('Mailbox busy');
    expect(refused[0]?.nextAttemptAt.getTime()).toBe(at(601).getTime());
    expect(smtp.received).toHaveLength(3);

    await deliverDueMail(t.database.db, delivery, at(600.5));
    expect(smtp.received).toHaveLength(3);
    await deliverDueMail(t.database.db, delivery, at(601));
    expect(smtp.received).toHaveLength(4);
    expect((await mails()).every((m) => m.status === 'sent')).toBe(true);
    await deliverDueMail(t.database.db, delivery, at(700));
    expect(smtp.received).toHaveLength(4);
    const one = smtp.received[0];
    expect(one?.raw).toContain('Subject: Reminder:');
    expect(one?.raw).toMatch(/From: Care Portal <no-reply@portal\.test>/);
  });

  it('keep the interval between reminders of an alert that was waiting before they were switched on', async () => {
    const highCostAlertMails = async () =>
      (await mails()).filter((m) => (m.meta as { widget?: string }).widget === 'highCostAlerts');
    await raiseAlert(t.database.db, { widget: 'highCostAlerts', facId: 301, dateCreated: T0 });
    // Ten hours on, the facility switches reminders on: all three slots are long past the alert's own clock.
    await configure({
      WidgetName: 'highCostAlerts',
      settingValues: { EmailNotificationMaxCount: 3, EmailNotificationIntervalMinutes: 60 },
    });
    await configure({ WidgetName: 'highCostAlerts', ContactInfo: { Email: 'don@buckeye.test' } });

    await reminders(at(600));
    expect(await highCostAlertMails()).toHaveLength(1);
    await reminders(at(601));
    await reminders(at(659));
    expect(await highCostAlertMails()).toHaveLength(1);
    await reminders(at(660));
    expect(await highCostAlertMails()).toHaveLength(2);
    await reminders(at(720));
    await reminders(at(900));
    expect(await highCostAlertMails()).toHaveLength(3);
  });

  it('are not queued again once the outbox retention has deleted the mail that went', async () => {
    await deliverDueMail(t.database.db, mailDelivery(undefined, 'Care Portal <no-reply@portal.test>'));
    expect((await mails()).length).toBeGreaterThan(0);
    // The retention as it runs a month on; each slot stays claimed in alert_reminders, whatever its mail's key.
    await deleteOldMail(t.database.db, hoursAfter(new Date(), OUTBOX_KEEP_HOURS + 1));
    expect(await mails()).toEqual([]);
    await reminders(at(60));
    await reminders(at(31 * 24 * 60));
    expect(await mails()).toEqual([]);
  });
});

describe('auto-respond', () => {
  it.each([
    ['highCost', 'Approve', 'approve', null],
    ['highCost', 'Deny', 'deny', null],
    ['highCost', 'ApproveOnce', 'approveonce', null],
    ['highCost', 'SubmitLimit', 'submitlimit', 5],
    ['highCostAlerts', 'Approve', 'approve', null],
    ['highCostAlerts', 'SubmitLimit', 'submitlimit', 1],
  ] as const)('%s %s answers new alerts with %s', async (widget, option, action, limitDays) => {
    const before = await raiseAlert(t.database.db, {
      widget,
      facId: 301,
      dateCreated: new Date(),
      createdAt: new Date(Date.now() - 60_000),
    });
    const response = await configure({
      WidgetName: widget,
      settingValues: { AutoRespondAction: option },
      ...(limitDays === 5 ? { SettingNote: '5' } : {}),
    });
    expect(response.statusCode).toBe(200);
    const fresh = await raiseAlert(t.database.db, {
      widget,
      facId: 301,
      dateCreated: new Date(),
      createdAt: new Date(Date.now() + 1000),
    });
    await t.database.db.transaction((tx) => sweepAutoRespond(tx, new Date()));
    const thread = await t.database.db.select().from(alertActions).where(eq(alertActions.alertId, fresh.id));
    expect(thread).toHaveLength(1);
    expect(thread[0]).toMatchObject({
      action,
      limitDays,
      isAutomatic: true,
      requestedByUserId: null,
      requestedBy: 'Buckeye Senior Living (automatic rule)',
    });
    const [row] = await t.database.db.select().from(alerts).where(eq(alerts.id, fresh.id));
    expect(row?.srxStatus).toBe(action);
    expect(
      await t.database.db.select().from(alertActions).where(eq(alertActions.alertId, before.id)),
    ).toHaveLength(0);
    await t.database.db.transaction((tx) => sweepAutoRespond(tx, new Date()));
    expect(
      await t.database.db.select().from(alertActions).where(eq(alertActions.alertId, fresh.id)),
    ).toHaveLength(1);
    await configure({ WidgetName: widget, settingValues: { AutoRespondAction: '' } });
  });

  it('still answers an alert that came in before the settings were saved again unchanged', async () => {
    await configure({ WidgetName: 'highCost', settingValues: { AutoRespondAction: 'Deny' } });
    const waiting = await raiseAlert(t.database.db, {
      widget: 'highCost',
      facId: 301,
      dateCreated: new Date(),
      createdAt: new Date(Date.now() + 1000),
    });
    // Before the next sweep, someone saves the widget's reminders: the page sends the auto-respond choice again.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const saved = await configure({
      WidgetName: 'highCost',
      settingValues: { AutoRespondAction: 'Deny', EmailNotificationMaxCount: 3 },
    });
    expect(saved.statusCode).toBe(200);
    await t.database.db.transaction((tx) => sweepAutoRespond(tx, new Date()));
    const thread = await t.database.db
      .select()
      .from(alertActions)
      .where(eq(alertActions.alertId, waiting.id));
    expect(thread.map((entry) => entry.action)).toEqual(['deny']);
    await configure({ WidgetName: 'highCost', settingValues: { AutoRespondAction: '' } });
  });
});
