import type { UserSettings } from './schemas/auth.ts';
import { WIDGETS, widgetSettingKeys } from './widgets.ts';

/**
 * A new user's dashboard configuration: every widget shown, in catalogue order (spec: default sort orders 1 to 9,
 * none hidden; the widgets past the ninth continue the count), and settings not locked.
 */
export function defaultUserSettings(): UserSettings {
  const settings: UserSettings = { allowToSetSettings: true };
  WIDGETS.forEach((widget, index) => {
    const keys = widgetSettingKeys(widget.key);
    settings[keys.sortOrder] = index + 1;
    settings[keys.show] = true;
  });
  return settings;
}
