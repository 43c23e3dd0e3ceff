import { AUTO_RESPOND_OPTIONS, SETTING_NAMES, type SettingsWidget } from '@portal/domain';
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { alertActions, alerts, facilities, facilitySettings } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit.ts';

/**
 * Answers new alerts where the facility set an auto-respond action (spec 1, section 6): every live alert of that
 * widget and facility that arrived after the setting was saved and has no discussion yet gets the action, recorded
 * as by the facility's automatic rule, not a person. Answers how many it answered.
 */
export async function sweepAutoRespond(db: Db, now: Date): Promise<number> {
  const rules = await db
    .select({ setting: facilitySettings, facName: facilities.name })
    .from(facilitySettings)
    .innerJoin(facilities, eq(facilities.facId, facilitySettings.facId))
    .where(
      and(
        eq(facilitySettings.settingName, SETTING_NAMES.autoRespond),
        sql`${facilitySettings.settingValue} <> ''`,
      ),
    )
    // Each rule stays as read until the sweep's answers are stored: a save changing it (Approve to None or Deny)
    // waits for them, or, already under way, is waited for and read as saved. Read without a lock, a rule replaced
    // meanwhile went on answering alerts, even ones that came in after the change, with the old action.
    .for('share', { of: facilitySettings });
  let answered = 0;
  for (const { setting, facName } of rules) {
    const options: readonly { value: string; action: string }[] =
      AUTO_RESPOND_OPTIONS[setting.widget as SettingsWidget] ?? [];
    const option = options.find((o) => o.value === setting.settingValue);
    if (!option) continue;
    const waiting = await db
      .select({ id: alerts.id })
      .from(alerts)
      .where(
        and(
          eq(alerts.widget, setting.widget),
          eq(alerts.facId, setting.facId),
          sql`not ${alerts.isArchived}`,
          gte(alerts.createdAt, setting.updatedAt),
          // Unanswered: checked on the alert's own row too, which a person's answer (requestaction locks the
          // alert, then sets its status) changes, and which is read again once a lock is waited for.
          isNull(alerts.srxStatus),
          sql`not exists (select 1 from ${alertActions} x where x.alert_id = ${alerts.id})`,
        ),
      )
      // An alert someone is answering right now (locked by their action) is left to them; the next sweep sees it
      // answered. The rest are locked until this transaction ends, so no answer lands between check and write.
      .for('update', { skipLocked: true });
    if (waiting.length === 0) continue;
    const ids = waiting.map((w) => w.id);
    const limitDays = option.action === 'submitlimit' ? Number(setting.settingNote) || 1 : null;
    await db.insert(alertActions).values(
      ids.map((alertId) => ({
        alertId,
        action: option.action,
        comment: `Automatic response set by ${facName}`,
        limitDays,
        requestedByUserId: null,
        requestedBy: `${facName} (automatic rule)`,
        isAutomatic: true,
        sentAt: now,
        readByFaci: null,
      })),
    );
    await db.update(alerts).set({ srxStatus: option.action, updatedAt: now }).where(inArray(alerts.id, ids));
    for (const alertId of ids) {
      await recordAudit(db, {
        userId: null,
        actor: `${facName} (automatic rule)`,
        kind: 'alert.action',
        recordType: setting.widget,
        recordId: String(alertId),
        facId: setting.facId,
        ip: '',
        outcome: 'success',
        detail: { action: option.action, limitDays, automatic: true },
      });
    }
    answered += ids.length;
  }
  return answered;
}
