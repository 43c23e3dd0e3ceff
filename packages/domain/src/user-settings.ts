import type { UserSettings } from './schemas/auth.ts';
import { WIDGETS, type WidgetKey, widgetSettingKeys } from './widgets.ts';

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

/**
 * The settings with every widget's `widget_{key}_SortOrder` made a distinct number from 1 to the number of widgets,
 * each missing value taken from the defaults. The widgets in `placed` (whose order was just chosen) keep the order
 * chosen, the first of the catalogue where two chose one; the others fill the orders left, in the order they had
 * (ties in catalogue order). Repeated orders left the dashboard's order to a tie-break nobody chose: a widget moved
 * to 1 stayed behind the one already there.
 */
export function withDistinctSortOrders(
  settings: UserSettings,
  placed: readonly WidgetKey[] = [],
): UserSettings {
  const defaults = defaultUserSettings();
  const count = WIDGETS.length;
  const orderOf = (key: WidgetKey, index: number) => {
    const keys = widgetSettingKeys(key);
    const order = Number(settings[keys.sortOrder] ?? defaults[keys.sortOrder]);
    return Number.isInteger(order) && order >= 1 && order <= count ? order : index + 1;
  };
  const entries = WIDGETS.map((widget, index) => ({
    key: widget.key,
    index,
    order: orderOf(widget.key, index),
  }));
  const taken = new Map<number, WidgetKey>();
  for (const entry of entries)
    if (placed.includes(entry.key) && !taken.has(entry.order)) taken.set(entry.order, entry.key);
  const placedKeys = new Set(taken.values());
  const rest = entries
    .filter((entry) => !placedKeys.has(entry.key))
    .sort((a, b) => a.order - b.order || a.index - b.index);
  const free = Array.from({ length: count }, (_, i) => i + 1).filter((order) => !taken.has(order));
  const result: UserSettings = { ...settings };
  for (const [order, key] of taken) result[widgetSettingKeys(key).sortOrder] = order;
  rest.forEach((entry, i) => {
    result[widgetSettingKeys(entry.key).sortOrder] = free[i] ?? entry.index + 1;
  });
  return result;
}
