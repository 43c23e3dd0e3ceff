import { describe, expect, it } from 'vitest';
import {
  actionPermissionKey,
  WIDGETS,
  widgetByActionWidget,
  widgetByDetailPath,
  widgetByKey,
  widgetByPath,
} from './widgets.ts';

describe('widget catalogue', () => {
  it('holds the eleven widgets with unique keys, ids, paths and list calls', () => {
    expect(WIDGETS).toHaveLength(11);
    for (const field of ['key', 'id', 'path', 'listCall', 'readCall', 'actionWidget'] as const) {
      expect(new Set(WIDGETS.map((w) => w[field])).size).toBe(11);
    }
  });

  it.each([
    ['authorization', 'highCost'],
    ['AUTHORIZATION', 'highCost'],
    ['noncovered', 'nonCovered'],
    ['nonCovered', 'nonCovered'],
    ['priorAuth', 'priorAuth'],
    ['pharmacyalerts/refilltoosoon', 'refillTooSoon'],
    ['PharmacyAlerts/PumpPickup', 'pumpPickup'],
    ['pharmacyalerts/narcoticsRefill', 'narcoticsRefill'],
    ['/openBatch/', 'openBatch'],
    ['patmissing', 'patMissing'],
  ])('finds /alerts/%s as %s', (segment, key) => {
    expect(widgetByPath(segment)?.key).toBe(key);
  });

  it('finds no widget for an unknown path', () => {
    expect(widgetByPath('nothing-here')).toBeUndefined();
  });

  it('maps detail pages and requestaction values back to their widget', () => {
    expect(widgetByDetailPath('/clarifications')?.key).toBe('openBatch');
    expect(widgetByDetailPath('/admission-medication-review')?.identifier).toBe('admissionMedsGroupID');
    expect(widgetByActionWidget('HighCost')?.key).toBe('highCost');
    expect(widgetByActionWidget('highcostalerts')?.key).toBe('highCostAlerts');
  });

  it('has the spec refresh schedules and the 30 s poll only on the paged widgets', () => {
    const schedule = Object.fromEntries(WIDGETS.map((w) => [w.key, w.refreshSeconds]));
    expect(schedule).toEqual({
      highCost: 0,
      highCostAlerts: 0,
      openBatch: 400,
      nonCovered: 80,
      priorAuth: 160,
      theraInt: 240,
      admissionMeds: 320,
      patMissing: 480,
      refillTooSoon: 160,
      pumpPickup: 160,
      narcoticsRefill: 160,
    });
    expect(WIDGETS.filter((w) => w.pollSeconds === 30).map((w) => w.key)).toEqual([
      'refillTooSoon',
      'pumpPickup',
      'narcoticsRefill',
    ]);
  });

  it('orders the buttons as the spec lists them', () => {
    expect(widgetByKey('highCost').buttons.map((b) => b.label)).toEqual([
      'Approve',
      'Deny',
      'Limit Days',
      'Approve Once',
      'Discuss',
    ]);
    expect(widgetByKey('highCostAlerts').buttons.map((b) => b.action)).toEqual([
      'approve',
      'deny',
      'submitlimit',
      'ask',
    ]);
    expect(widgetByKey('refillTooSoon').buttons[0]).toEqual({
      label: 'Approve until Refill Date',
      action: 'limitedApproval',
      verb: null,
    });
  });

  it('spells permission keys as widget_{key}_Action_{verb}', () => {
    expect(actionPermissionKey('openBatch', 'ask')).toBe('widget_openBatch_Action_ask');
  });
});
