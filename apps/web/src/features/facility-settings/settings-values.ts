import {
  type Facility,
  SETTING_DEFAULTS,
  SETTING_LIMITS,
  SETTING_NAMES,
  SETTINGS_MESSAGES,
  type SettingsWidget,
} from '@portal/domain';

/** One card's editable values, as the inputs hold them. */
export interface SettingsValues {
  maxCount: number | string;
  intervalMinutes: number | string;
  /** An auto-respond option's value, or '' for none. */
  autoRespond: string;
  limitCount: number | string;
}

/** The auto-respond value that carries a Limit Count (Approve Limit). */
export const LIMIT_ACTION = 'SubmitLimit';

function numberOr(value: string | undefined, fallback: number): number {
  const number = Number(value);
  return value !== undefined && value !== '' && Number.isInteger(number) ? number : fallback;
}

/** A widget's saved values, with spec 1 section 9's defaults where nothing is stored. */
export function savedValues(facility: Facility, widget: SettingsWidget): SettingsValues {
  const rows = facility.facilitySettings.filter((s) => s.widgetName === widget);
  const row = (name: string) => rows.find((s) => s.settingName === name);
  const autoRespond = row(SETTING_NAMES.autoRespond);
  return {
    maxCount: numberOr(row(SETTING_NAMES.maxCount)?.settingValue, SETTING_DEFAULTS.maxCount),
    intervalMinutes: numberOr(
      row(SETTING_NAMES.intervalMinutes)?.settingValue,
      SETTING_DEFAULTS.intervalMinutes,
    ),
    autoRespond: autoRespond?.settingValue ?? '',
    limitCount: numberOr(autoRespond?.settingNote, SETTING_DEFAULTS.limitCount),
  };
}

/** True when any value differs from what is saved (numbers compared by value, not by how they are typed). */
export function isChanged(values: SettingsValues, saved: SettingsValues): boolean {
  return (
    String(values.maxCount) !== String(saved.maxCount) ||
    String(values.intervalMinutes) !== String(saved.intervalMinutes) ||
    values.autoRespond !== saved.autoRespond ||
    (values.autoRespond === LIMIT_ACTION && String(values.limitCount) !== String(saved.limitCount))
  );
}

type FieldErrors = Partial<Record<keyof SettingsValues, string>>;

function outside(value: number | string, limits: { min: number; max: number }): boolean {
  const number = Number(value);
  return value === '' || !Number.isInteger(number) || number < limits.min || number > limits.max;
}

/** The messages of the values that break SETTING_LIMITS; empty when all are fine. */
export function validateValues(values: SettingsValues): FieldErrors {
  const errors: FieldErrors = {};
  if (outside(values.maxCount, SETTING_LIMITS.maxCount)) errors.maxCount = SETTINGS_MESSAGES.maxCount;
  if (outside(values.intervalMinutes, SETTING_LIMITS.intervalMinutes))
    errors.intervalMinutes = SETTINGS_MESSAGES.interval;
  if (values.autoRespond === LIMIT_ACTION && outside(values.limitCount, SETTING_LIMITS.limitCount))
    errors.limitCount = SETTINGS_MESSAGES.limitCount;
  return errors;
}
