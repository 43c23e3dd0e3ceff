import { FACILITY_ROLES, PHARMACY_ROLES } from './roles.ts';
import { actionPermissionKey, WIDGETS } from './widgets.ts';

/** A permission map as the API carries it: key to true. A missing key is not granted. */
export type PermissionMap = Readonly<Record<string, boolean>>;

/** Facility read-state permission keys (spec 1, section 6). */
export const READ_PERMISSIONS = {
  readManually: 'widget_markAlertReadManually',
  unreadManually: 'widget_markAlertUnreadManually',
  readAutomatically: 'widget_markAlertReadAutomatically',
  unreadAutomatically: 'widget_markAlertUnreadAutomatically',
} as const;

/** Facility administration keys (spec 2, section 3). */
export const FACILITY_ADMIN_PERMISSIONS = {
  setSettingsForFacility: 'allowToSetSettingsForFacility',
  setSettingsForUsers: 'allowToSetSettingsForUsers',
  addFacilityToUser: 'user_AddFacilityToUser',
  filesFacilityEdit: 'files_FileSystem_faci_edit',
  filesStateEdit: 'files_FileSystem_state_edit',
} as const;

/** Pharmacy-side administration keys (spec 2, section 6). */
export const PHARMACY_ADMIN_PERMISSIONS = {
  addPharmacyToUser: 'user_AddPharmacyToUser',
  setSettingsForUsers: 'allowToSetSettingsForUsers',
} as const;

/** Every `widget_{key}_Action_{verb}` key a widget's buttons use. */
export function allActionKeys(): string[] {
  const keys = new Set<string>();
  for (const widget of WIDGETS) {
    for (const button of widget.buttons)
      if (button.verb) keys.add(actionPermissionKey(widget.key, button.verb));
  }
  return [...keys];
}

/** Only the Discuss (`ask`) key of every widget. */
export function askActionKeys(): string[] {
  return WIDGETS.map((w) => actionPermissionKey(w.key, 'ask'));
}

/** `user_Edit{role}` and `user_Delete{role}` for every role name given. */
export function userRoleKeys(roleNames: readonly string[]): string[] {
  return roleNames.flatMap((role) => [`user_Edit${role}`, `user_Delete${role}`]);
}

/** Every key a facility can grant: actions, read marking, administration, files, user roles. */
export function allFacilityPermissionKeys(): string[] {
  return [
    ...allActionKeys(),
    ...Object.values(READ_PERMISSIONS),
    ...Object.values(FACILITY_ADMIN_PERMISSIONS),
    ...userRoleKeys(FACILITY_ROLES.map((r) => r.name)),
  ];
}

/** Every key a pharmacy role or a pharmacy can hold. */
export function allPharmacyPermissionKeys(): string[] {
  return [
    ...allActionKeys(),
    ...Object.values(PHARMACY_ADMIN_PERMISSIONS),
    ...userRoleKeys(PHARMACY_ROLES.map((r) => r.name)),
    ...userRoleKeys(FACILITY_ROLES.map((r) => r.name)),
  ];
}

/** True when every key is granted in the map. */
export function hasAll(map: PermissionMap | undefined, ...keys: string[]): boolean {
  return keys.every((key) => map?.[key] === true);
}

/** Set of keys as the wire's permission map. */
export function toPermissionMap(keys: Iterable<string>): Record<string, boolean> {
  const map: Record<string, boolean> = {};
  for (const key of keys) map[key] = true;
  return map;
}

/** Whether the read/unread toggle shows: the facility grants both manual keys (spec 1, section 6). */
export function canMarkManually(map: PermissionMap | undefined): boolean {
  return hasAll(map, READ_PERMISSIONS.readManually, READ_PERMISSIONS.unreadManually);
}

/** Whether opening an alert marks it read for a facility user: the facility grants both automatic keys. */
export function canMarkAutomatically(map: PermissionMap | undefined): boolean {
  return hasAll(map, READ_PERMISSIONS.readAutomatically, READ_PERMISSIONS.unreadAutomatically);
}
