import { describe, expect, it } from 'vitest';
import {
  allActionKeys,
  allFacilityPermissionKeys,
  askActionKeys,
  hasAll,
  toPermissionMap,
} from './permissions.ts';
import { defaultUserSettings } from './user-settings.ts';

describe('permission keys', () => {
  it('derives action keys from the catalogue buttons, none for Approve until Refill Date', () => {
    const keys = allActionKeys();
    expect(keys).toContain('widget_highCost_Action_once');
    expect(keys).toContain('widget_openBatch_Action_approve');
    expect(keys).not.toContain('widget_highCostAlerts_Action_once');
    expect(keys.filter((k) => k.startsWith('widget_refillTooSoon'))).toEqual([
      'widget_refillTooSoon_Action_ask',
    ]);
  });

  it('gives a facility every key it can grant', () => {
    const keys = allFacilityPermissionKeys();
    expect(keys).toEqual(
      expect.arrayContaining([
        'allowToSetSettingsForFacility',
        'user_EditNursing',
        'files_FileSystem_state_edit',
      ]),
    );
    expect(askActionKeys()).toHaveLength(11);
  });

  it('grants only keys present and true', () => {
    const map = toPermissionMap(['a', 'b']);
    expect(hasAll(map, 'a', 'b')).toBe(true);
    expect(hasAll(map, 'a', 'c')).toBe(false);
    expect(hasAll(undefined, 'a')).toBe(false);
  });
});

describe('defaultUserSettings', () => {
  it('shows every widget in catalogue order, unlocked', () => {
    const settings = defaultUserSettings();
    expect(settings.allowToSetSettings).toBe(true);
    expect(settings.widget_highCost_SortOrder).toBe(1);
    expect(settings.widget_narcoticsRefill_SortOrder).toBe(10);
    expect(Object.entries(settings).filter(([k, v]) => k.endsWith('_Show') && v === true)).toHaveLength(11);
  });
});
