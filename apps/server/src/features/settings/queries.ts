import type { SETTING_NAMES, SettingsWidget } from '@portal/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { facilityContacts, facilitySettings } from '../../db/schema/index.ts';

/**
 * Writes one setting of a facility's widget, replacing the earlier value. A value saved again unchanged keeps its
 * row as it was, `updatedAt` included: the page sends every setting of a widget on each save, and auto-respond
 * answers only alerts that arrived after its setting's `updatedAt`, so re-stamping it skipped, for good, the alerts
 * that came in since the last sweep.
 */
export async function upsertSetting(
  db: Db,
  row: { facId: number; widget: SettingsWidget; name: string; value: string; note?: string; userId: number },
) {
  await db
    .insert(facilitySettings)
    .values({
      facId: row.facId,
      widget: row.widget,
      settingName: row.name,
      settingValue: row.value,
      settingNote: row.note ?? '',
      updatedBy: row.userId,
      updatedAt: new Date(),
    })
    .onConflictDoUpdate({
      target: [facilitySettings.facId, facilitySettings.widget, facilitySettings.settingName],
      set: {
        settingValue: row.value,
        settingNote: row.note ?? '',
        updatedBy: row.userId,
        updatedAt: new Date(),
      },
      setWhere: sql`(facility_settings.setting_value, facility_settings.setting_note) is distinct from (excluded.setting_value, excluded.setting_note)`,
    });
}

/**
 * A facility widget's stored settings, held until the transaction ends, so what a save checks (its version, the
 * auto-respond choice it keeps) is what its upserts replace, not something another save changes in between. Saves of
 * the widget take the advisory lock one after the other: row locks alone cannot hold a widget with no rows yet, whose
 * two first saves would both find nothing and both write. The rows are locked as well, for any writer without it.
 * The two-key lock (facility, widget) has its own key space, apart from the one-key locks of jobs and files.
 */
export async function lockWidgetSettings(db: Db, facId: number, widget: SettingsWidget) {
  await db.execute(sql`select pg_advisory_xact_lock(${facId}, hashtext(${`facility-settings:${widget}`}))`);
  return db
    .select()
    .from(facilitySettings)
    .where(and(eq(facilitySettings.facId, facId), eq(facilitySettings.widget, widget)))
    .for('update');
}

/** A facility widget's stored settings, as the transaction sees them. */
export async function widgetSettings(db: Db, facId: number, widget: SettingsWidget) {
  return db
    .select()
    .from(facilitySettings)
    .where(and(eq(facilitySettings.facId, facId), eq(facilitySettings.widget, widget)));
}

/** Adds a reminder contact; null when the address already exists for that widget (case-insensitive). */
export async function insertContact(db: Db, facId: number, widget: SettingsWidget, email: string) {
  const [created] = await db
    .insert(facilityContacts)
    .values({ facId, widget, contactMethod: 'Email', contactInfo: email })
    .onConflictDoNothing()
    .returning();
  return created ?? null;
}

/** A reminder contact by id. */
export async function findContact(db: Db, id: number) {
  const [contact] = await db.select().from(facilityContacts).where(eq(facilityContacts.id, id));
  return contact ?? null;
}

/** Facilities and widgets that have a setting with this name set to a non-empty value. */
export async function facilitiesWithSetting(
  db: Db,
  name: (typeof SETTING_NAMES)[keyof typeof SETTING_NAMES],
) {
  return db
    .select()
    .from(facilitySettings)
    .where(
      and(eq(facilitySettings.settingName, name), sql`${facilitySettings.settingValue} not in ('', '0')`),
    );
}
