import { earlyPageOf, firstPageUrl, widgetByKey } from '@portal/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { alertFixture, listAnswer } from '@/test/alert-fixtures.ts';
import { firstListParams } from './alert-keys.ts';
import { alertPageOf, getAlertPage, ownAlertPageOf } from './get-alert-list.ts';

describe('a list page from the server’s own answer (the server’s drawing of a page)', () => {
  it('is the page the browser’s checked reading gives, for a paged and an unpaged widget', () => {
    for (const widget of [widgetByKey('highCost'), widgetByKey('refillTooSoon')]) {
      const alerts = [alertFixture({ patName: 'Alvarez, Rosa' }), alertFixture({ patName: 'Baker, Tom' })];
      // As the page carries it: JSON text, read back.
      const answer = JSON.parse(JSON.stringify(listAnswer(widget, alerts, 240, 'c-2').body));
      const own = ownAlertPageOf(widget, answer, 1_000);
      expect(own).toEqual({
        alerts: alertPageOf(widget, answer, 1_000).alerts,
        cursor: 'c-2',
        count: 240,
        nextPage: 2,
        timeStamp: '2026-11-02T10:00:00.000Z',
        receivedAt: 1_000,
      });
      expect(own.alerts.map((alert) => alert.patName)).toEqual(['Alvarez, Rosa', 'Baker, Tom']);
    }
  });

  it('refuses an answer that holds no list under the widget’s key', () => {
    const widget = widgetByKey('highCost');
    const answer = JSON.parse(JSON.stringify(listAnswer(widgetByKey('refillTooSoon'), []).body));
    expect(() => ownAlertPageOf(widget, answer, 1_000)).toThrow(/holds no list/);
  });
});

describe('a widget page’s first list, as its address sorts and narrows it', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    '',
    '?facilityIds=102',
    '?sort=facName&sortOrder=desc',
    '?sortOrder=desc&facilityIds=101&facilityIds=102&sort=patName',
  ])(
    'is asked for at the URL the boot script and the server asked for early (%s), byte for byte',
    async (search) => {
      const page = earlyPageOf('/alerts/authorization', search);
      if (page?.kind !== 'widget') throw new Error('a widget page');
      const widget = widgetByKey(page.widgetKey);
      const fetched = vi.fn(
        async (_url: string) => new Response(JSON.stringify(listAnswer(widget, []).body), { status: 200 }),
      );
      vi.stubGlobal('fetch', fetched);
      await getAlertPage(widget, firstListParams(page), null);
      expect(fetched.mock.calls[0]?.[0]).toBe(firstPageUrl(widget.listCall, page));
    },
  );
});
