import { createHash } from 'node:crypto';

/** What a widget's settings version is made of: each of its stored setting rows. */
export interface VersionedSetting {
  settingName: string;
  settingValue: string;
  settingNote: string;
  updatedAt: Date;
}

/**
 * A facility widget's settings version: a digest of its setting rows, their values and when each was last written.
 * A save that changes anything changes a row's value and `updatedAt` (an unchanged value keeps its row as it was),
 * so the digest changes with every change and with nothing else, needing no revision column. Every row counts, not
 * only the newest `updatedAt`: a clock behind another process's cannot hide a change. No rows is a version too, so
 * the first save of a widget is checked like any other.
 */
export function settingsVersion(rows: readonly VersionedSetting[]): string {
  const lines = rows
    .map((r) => JSON.stringify([r.settingName, r.settingValue, r.settingNote, r.updatedAt.toISOString()]))
    .sort();
  return createHash('sha256').update(lines.join('\n')).digest('base64url').slice(0, 22);
}
