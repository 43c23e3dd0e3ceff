import {
  FACILITY_FILTER_PARAM,
  SETTING_DEFAULTS,
  SETTING_NAMES,
  type SettingsWidget,
  widgetByKey,
} from '@portal/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  alertReminders,
  alerts,
  facilities,
  facilityContacts,
  facilitySettings,
} from '../../db/schema/index.ts';
import { enqueueMail } from '../../platform/mail.ts';

// Raw SQL answers arrive untyped (and bigints as strings on pg): parsed, not cast.
const ClaimedSchema = z.array(z.object({ alert_id: z.coerce.number(), slot: z.coerce.number() }));

interface ReminderRule {
  facId: number;
  widget: SettingsWidget;
  maxCount: number;
  intervalMinutes: number;
}

/** Facilities and widgets with reminders switched on (a count above 0), with their interval. */
async function reminderRules(db: Db): Promise<ReminderRule[]> {
  const rows = await db
    .select()
    .from(facilitySettings)
    .where(inArray(facilitySettings.settingName, [SETTING_NAMES.maxCount, SETTING_NAMES.intervalMinutes]));
  const rules = new Map<string, ReminderRule>();
  for (const row of rows) {
    const key = `${row.facId}:${row.widget}`;
    const rule = rules.get(key) ?? {
      facId: row.facId,
      widget: row.widget as SettingsWidget,
      maxCount: 0,
      intervalMinutes: SETTING_DEFAULTS.intervalMinutes,
    };
    if (row.settingName === SETTING_NAMES.maxCount) rule.maxCount = Number(row.settingValue) || 0;
    else rule.intervalMinutes = Number(row.settingValue) || SETTING_DEFAULTS.intervalMinutes;
    rules.set(key, rule);
  }
  return [...rules.values()].filter((r) => r.maxCount > 0);
}

/**
 * Claims the next reminder slot of every unanswered live alert whose slot is due: slot k falls at the alert's
 * time plus k intervals, and at least an interval after the slot before it, up to the configured count. Without the
 * second rule an alert that waited since before reminders were switched on (or through an outage) had all its slots
 * due at once, and its contacts got every reminder within as many sweeps. A facility action (anything but the
 * pharmacy's Reply) stops them. The (alert, slot) primary key means a slot is claimed once, whatever runs the sweep.
 */
async function claimDueSlots(db: Db, rule: ReminderRule, now: Date) {
  const result = await db.execute(sql`
    insert into ${alertReminders} (alert_id, slot, created_at)
    select a.id, coalesce(r.sent, 0) + 1, ${now.toISOString()}::timestamptz
    from ${alerts} a
    left join lateral (
      select count(*)::int as sent, max(ar.created_at) as last_sent from ${alertReminders} ar where ar.alert_id = a.id
    ) r on true
    where a.widget = ${rule.widget} and a.fac_id = ${rule.facId} and not a.is_archived
      and not exists (select 1 from alert_actions x where x.alert_id = a.id and x.action <> 'Reply')
      and coalesce(r.sent, 0) < ${rule.maxCount}
      and a.date_created + make_interval(mins => ${rule.intervalMinutes} * (coalesce(r.sent, 0) + 1)) <= ${now.toISOString()}::timestamptz
      and (r.last_sent is null or r.last_sent + make_interval(mins => ${rule.intervalMinutes}) <= ${now.toISOString()}::timestamptz)
    on conflict do nothing
    returning alert_id, slot`);
  const rows = typeof result === 'object' && result !== null && 'rows' in result ? result.rows : [];
  return ClaimedSchema.parse(rows);
}

/**
 * The reminder sweep: for each facility and widget with reminders on, claims the due slots and queues one mail per
 * contact saying how many alerts wait. Email is no place for health information: the mail names the facility,
 * the widget and the count, and links to the page; never a patient, drug or prescription number.
 */
export async function sweepReminders(db: Db, now: Date, publicUrl: string): Promise<number> {
  let queued = 0;
  for (const rule of await reminderRules(db)) {
    const contacts = await db
      .select()
      .from(facilityContacts)
      .where(and(eq(facilityContacts.facId, rule.facId), eq(facilityContacts.widget, rule.widget)));
    if (contacts.length === 0) continue;
    const claimed = await claimDueSlots(db, rule, now);
    if (claimed.length === 0) continue;
    const [facility] = await db.select().from(facilities).where(eq(facilities.facId, rule.facId));
    const widget = widgetByKey(rule.widget);
    const link = `${publicUrl}/alerts/${widget.path}?${FACILITY_FILTER_PARAM}=${rule.facId}`;
    const count = claimed.length;
    const subject = `Reminder: ${count} ${widget.title} alert${count === 1 ? '' : 's'} waiting at ${facility?.name ?? `facility ${rule.facId}`}`;
    const text = [
      `${count} ${widget.title} alert${count === 1 ? ' is' : 's are'} waiting for an answer at ${facility?.name ?? rule.facId}.`,
      '',
      `Open them in the Care Portal: ${link}`,
      '',
      'You receive this because your address is a reminder contact of this facility. Sign in to see the details.',
    ].join('\n');
    const slots = claimed.map((c) => `${c.alert_id}.${c.slot}`).sort();
    for (const contact of contacts) {
      const id = await enqueueMail(db, {
        dedupeKey: `reminder:${rule.facId}:${rule.widget}:${contact.id}:${slots.join(',')}`,
        kind: 'reminder',
        to: contact.contactInfo,
        subject,
        text,
        notBefore: now,
        meta: {
          facId: rule.facId,
          widget: rule.widget,
          alerts: claimed.map((c) => ({ alertId: c.alert_id, slot: c.slot })),
        },
      });
      if (id) queued += 1;
    }
  }
  return queued;
}
