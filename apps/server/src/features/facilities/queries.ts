import { type Facility, SETTINGS_WIDGETS } from '@portal/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { facilityContacts, facilitySettings, roles } from '../../db/schema/index.ts';
import type { FacilityAccess } from '../../platform/access.ts';
import { settingsVersion } from '../settings/index.ts';

const toMap = (keys: Set<string>) => Object.fromEntries([...keys].sort().map((k) => [k, true]));

/** The wire facilities of the viewer, with their settings and reminder contacts. */
export async function facilitiesWithSettings(db: Db, access: readonly FacilityAccess[]): Promise<Facility[]> {
  if (access.length === 0) return [];
  const ids = access.map((a) => a.facId);
  const [settings, contacts] = await Promise.all([
    db.select().from(facilitySettings).where(inArray(facilitySettings.facId, ids)),
    db
      .select()
      .from(facilityContacts)
      .where(inArray(facilityContacts.facId, ids))
      .orderBy(asc(facilityContacts.id)),
  ]);
  return access.map((a) => {
    const own = settings.filter((s) => s.facId === a.facId);
    return {
      facID: a.facId,
      facName: a.name,
      pharmID: a.pharmId,
      facState: a.state,
      userRole: a.role,
      permissions: toMap(a.permissions),
      facilitySettings: own.map((s) => ({
        widgetName: s.widget,
        settingName: s.settingName,
        settingValue: s.settingValue,
        settingNote: s.settingNote,
      })),
      facilitySettingsVersions: Object.fromEntries(
        SETTINGS_WIDGETS.map((w) => [w, settingsVersion(own.filter((s) => s.widget === w))]),
      ) as Facility['facilitySettingsVersions'],
      facilityContacts: contacts
        .filter((c) => c.facId === a.facId)
        .map((c) => ({
          facilityContactInfoID: c.id,
          contactInfo: c.contactInfo,
          contactMethod: c.contactMethod,
          widget: c.widget,
        })),
    };
  });
}

/** The role options of one side, in catalogue order. */
export async function findRoles(db: Db, entity: 'facility' | 'pharmacy') {
  return db
    .select({ name: roles.name, label: roles.label, disabled: roles.disabled })
    .from(roles)
    .where(eq(roles.entity, entity))
    .orderBy(asc(roles.sortOrder), asc(roles.name));
}

export { toMap };
