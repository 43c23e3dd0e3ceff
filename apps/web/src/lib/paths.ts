import type { Widget } from '@portal/domain';

/** The web app's own pages (spec 2 section 2). Widget pages derive from the catalogue. */
export const PATHS = {
  home: '/',
  dashboard: '/dashboard',
  login: '/account/login',
  logout: '/logout',
  register: '/register',
  confirm: '/confirm',
  forgetPassword: '/forget-password',
  resetPassword: '/reset-password',
  openDepositSlip: '/open-deposit-slip',
  secureForms: '/secureForms',
  files: '/files',
  recyclingBin: '/files/recycling-bin',
  packingSlips: '/packing-slips',
  frameworkVision: '/frameworkVision',
  specialtyRxNow: '/specialtyrxnow',
  settings: '/settings',
  settingsAccount: '/settings/account',
  settingsSpecialtyRxNow: '/settings/specialtyRxNow',
  settingsUserSettings: '/settings/userSettings',
  settingsTwoStep: '/settings/twoStep',
  releaseNotes: '/info/release-notes',
  versions: '/info/versions',
  facilityUsers: '/facility-users',
  facilities: '/facilities',
  pharmacies: '/pharmacies',
  pharmacyUsers: '/pharmacy-users',
  pharmacyKeys: '/pharmacy-keys',
  facilitySettings: '/facility/facilitySettings',
  audit: '/audit',
} as const;

/** The page of one widget, or its archive. */
export function widgetPagePath(widget: Widget, archive = false): string {
  return `/alerts/${widget.path}${archive ? '/archive' : ''}`;
}

/** The widget page's search parameter naming the alert whose detail modal is open, by its `_internalID`. */
export const ALERT_PARAM = 'alert';

/**
 * The link to one alert on its widget's page (or archive), which opens with that alert's detail modal: the link
 * of an alert whose widget has no detail page (`/alerts/refilltoosoon?alert=123`).
 */
export function widgetAlertPath(widget: Widget, internalId: number, archive = false): string {
  return `${widgetPagePath(widget, archive)}?${ALERT_PARAM}=${internalId}`;
}

/**
 * The alert number an `?alert=` value names, or null when it names none: digits only, within the alerts' integer
 * ids, so a mangled link never asks the server about some other number ("0x10", "1e3").
 */
export function alertParamId(value: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** The sign-in page, carrying where to return afterwards. */
export function loginPathFrom(origin: string): string {
  return `${PATHS.login}?from=${encodeURIComponent(origin)}`;
}

/**
 * Where to go after sign-in: the `from` origin when it is a path of this app, else the dashboard. Absolute and
 * protocol-relative URLs are refused so a crafted link cannot send a user elsewhere.
 */
export function returnPath(from: string | null): string {
  if (!from?.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return PATHS.dashboard;
  if (from.startsWith(PATHS.login) || from.startsWith(PATHS.logout)) return PATHS.dashboard;
  return from;
}
