import { WIDGETS, widgetByKey } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { alertFixture } from '@/test/alert-fixtures.ts';
import { alertLinkPath } from './alert-identity.ts';

const live = alertFixture(
  { rxNo: 'RX 9', _internalID: 77 },
  { rxNumber: 'RX 9', admissionMedsGroupID: 'G-5' },
);
const archived = alertFixture(
  { rxNo: 'RX 9', _internalID: 78, archiveDtTm: '2026-10-01T00:00:00.000Z' },
  { rxNumber: 'RX 9', admissionMedsGroupID: 'G-5' },
);

describe('alertLinkPath', () => {
  it.each([
    ['highCost', 'live', '/authorization/RX%209'],
    ['highCost', 'archived', '/authorization/RX%209?internalId=78'],
    ['admissionMeds', 'live', '/admission-medication-review/G-5'],
    ['admissionMeds', 'archived', '/admission-medication-review/G-5?internalId=78'],
    ['refillTooSoon', 'live', '/alerts/refilltoosoon?alert=77'],
    ['refillTooSoon', 'archived', '/alerts/refilltoosoon/archive?alert=78'],
    ['pumpPickup', 'live', '/alerts/pumpPickup?alert=77'],
    ['narcoticsRefill', 'archived', '/alerts/narcoticsRefill/archive?alert=78'],
    ['patMissing', 'live', '/alerts/patmissing?alert=77'],
  ] as const)('links a %s alert, %s, to %s', (key, state, path) => {
    expect(alertLinkPath(widgetByKey(key), state === 'live' ? live : archived)).toBe(path);
  });

  it.each(WIDGETS.map((widget) => [widget.key, widget] as const))(
    'gives every widget a link, to its detail page or else its widget page (%s)',
    (_key, widget) => {
      const path = alertLinkPath(widget, live);
      if (widget.detailPath) expect(path).toMatch(new RegExp(`^${widget.detailPath}/[^?/]+$`));
      else expect(path).toBe(`/alerts/${widget.path}?alert=77`);
    },
  );
});
