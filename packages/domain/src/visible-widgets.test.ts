import { describe, expect, it } from 'vitest';
import type { UserSettings } from './schemas/auth.ts';
import { visibleWidgets } from './visible-widgets.ts';
import { WIDGETS } from './widgets.ts';

describe('visibleWidgets', () => {
  it('shows every widget in catalogue order by default', () => {
    expect(visibleWidgets({}).map((w) => w.key)).toEqual(WIDGETS.map((w) => w.key));
  });

  it('hides widgets whose Show is false and orders by SortOrder', () => {
    const settings: UserSettings = Object.fromEntries(WIDGETS.map((w) => [`widget_${w.key}_Show`, false]));
    settings.widget_refillTooSoon_Show = true;
    settings.widget_highCost_Show = 'true';
    settings.widget_refillTooSoon_SortOrder = 1;
    settings.widget_highCost_SortOrder = '2';
    expect(visibleWidgets(settings).map((w) => w.key)).toEqual(['refillTooSoon', 'highCost']);
  });

  it('is empty when every widget is hidden', () => {
    const settings = Object.fromEntries(WIDGETS.map((w) => [`widget_${w.key}_Show`, 'false']));
    expect(visibleWidgets(settings)).toEqual([]);
  });
});
