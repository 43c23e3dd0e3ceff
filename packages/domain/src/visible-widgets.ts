import type { UserSettings } from './schemas/auth.ts';
import { defaultUserSettings } from './user-settings.ts';
import { WIDGETS, type Widget, widgetSettingKeys } from './widgets.ts';

function isShown(value: string | number | boolean | undefined): boolean {
  if (typeof value === 'string') return value.toLowerCase() !== 'false' && value !== '0';
  if (typeof value === 'number') return value !== 0;
  return value !== false;
}

function sortOrder(value: string | number | boolean | undefined, fallback: number): number {
  const order = typeof value === 'string' ? Number(value) : value;
  return typeof order === 'number' && Number.isFinite(order) ? order : fallback;
}

/**
 * The widgets a user's dashboard shows, in their order: `widget_{key}_Show` and `widget_{key}_SortOrder` of the
 * user settings, each missing value taken from the defaults. Ties keep catalogue order.
 */
export function visibleWidgets(settings: UserSettings): Widget[] {
  const defaults = defaultUserSettings();
  return WIDGETS.map((widget, index) => {
    const keys = widgetSettingKeys(widget.key);
    return {
      widget,
      index,
      show: isShown(settings[keys.show] ?? defaults[keys.show]),
      order: sortOrder(settings[keys.sortOrder] ?? defaults[keys.sortOrder], index + 1),
    };
  })
    .filter((entry) => entry.show)
    .sort((a, b) => a.order - b.order || a.index - b.index)
    .map((entry) => entry.widget);
}
