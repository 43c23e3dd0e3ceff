import { describe, expect, it } from 'vitest';
import { defaultUserSettings, withDistinctSortOrders } from './user-settings.ts';
import { WIDGETS, widgetSettingKeys } from './widgets.ts';

const orders = (settings: ReturnType<typeof defaultUserSettings>) =>
  WIDGETS.map((w) => settings[widgetSettingKeys(w.key).sortOrder]);

describe('withDistinctSortOrders', () => {
  it('keeps the order just chosen and moves the others down into the orders left', () => {
    const moved = withDistinctSortOrders({ ...defaultUserSettings(), widget_theraInt_SortOrder: 2 }, [
      'theraInt',
    ]);
    expect(orders(moved).slice(0, 5)).toEqual([1, 3, 4, 5, 2]);
    expect([...orders(moved)].sort((a, b) => Number(a) - Number(b))).toEqual(WIDGETS.map((_, i) => i + 1));
  });

  it('parts repeated orders with none chosen in catalogue order, and fills missing or bad ones', () => {
    const settings = {
      widget_highCost_SortOrder: 3,
      widget_openBatch_SortOrder: 3,
      widget_nonCovered_SortOrder: 'x',
    };
    const distinct = orders(withDistinctSortOrders(settings));
    // All three at 3 (the bad one at its catalogue place), before the rest at 4 and on: the first three orders.
    expect(distinct.slice(0, 3)).toEqual([1, 2, 3]);
    expect(new Set(distinct).size).toBe(WIDGETS.length);
  });
});
