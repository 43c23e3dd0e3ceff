import { z } from 'zod';
import { SETTINGS_WIDGETS, SettingsVersionSchema } from './facility-settings.ts';

const PermissionMapSchema = z.record(z.string(), z.boolean());

/** A facility setting row (spec 1, section 3). */
export const FacilitySettingSchema = z.object({
  widgetName: z.string(),
  settingName: z.string(),
  settingValue: z.string(),
  settingNote: z.string(),
});

/** A reminder contact of a facility. */
export const FacilityContactSchema = z.object({
  facilityContactInfoID: z.number().int(),
  contactInfo: z.string(),
  contactMethod: z.string(),
  widget: z.string(),
});

/** A facility as the viewer sees it, with the viewer's role and permissions there (reference/api.md). */
export const FacilitySchema = z.object({
  facID: z.number().int(),
  facName: z.string(),
  pharmID: z.string(),
  facState: z.string(),
  userRole: z.string(),
  permissions: PermissionMapSchema,
  facilitySettings: z.array(FacilitySettingSchema),
  /** Each settings widget's version (beyond the spec): a save sends it back so it cannot overwrite a newer save. */
  facilitySettingsVersions: z.record(z.enum(SETTINGS_WIDGETS), SettingsVersionSchema),
  facilityContacts: z.array(FacilityContactSchema),
});
export type Facility = z.infer<typeof FacilitySchema>;

export const FacilitiesAnswerSchema = z.object({ facilities: z.array(FacilitySchema) });
export const FacilityAnswerSchema = z.object({ facility: FacilitySchema });

/** A pharmacy as the viewer sees it: its facilities, the viewer's own permissions and the pharmacy's. */
export const PharmacySchema = z.object({
  pharmID: z.string(),
  pharmName: z.string(),
  pharmState: z.string(),
  userRole: z.string(),
  facilities: z.array(
    z.object({ facID: z.number().int(), facName: z.string(), facState: z.string(), userRole: z.string() }),
  ),
  userPermissions: PermissionMapSchema,
  pharmPermissions: PermissionMapSchema,
});
export type Pharmacy = z.infer<typeof PharmacySchema>;

export const PharmaciesAnswerSchema = z.object({ pharmacies: z.array(PharmacySchema) });

/** `GET /roles?entity=` query and answer. */
export const RolesQuerySchema = z.strictObject({ entity: z.enum(['pharmacy', 'facility']) });
export const RolesAnswerSchema = z.object({
  roles: z.array(z.object({ name: z.string(), label: z.string(), disabled: z.boolean() })),
});
