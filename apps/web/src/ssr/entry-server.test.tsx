// @vitest-environment node
import { firstPageUrl, TOKEN_INFO_URL, type UserInfo, type Widget, widgetByKey } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { getToken } from '@/lib/session-store.ts';
import { alertFixture, listAnswer } from '@/test/alert-fixtures.ts';
import { nurse } from '@/test/fixtures.ts';
import { renderSignedInPage } from './entry-server.tsx';

const highCost = widgetByKey('highCost');
const refillTooSoon = widgetByKey('refillTooSoon');

/** The answers a dashboard load carries: the session's tokeninfo and each widget's first page. */
function answers(user: UserInfo, lists: [Widget, ReturnType<typeof alertFixture>[]][]): Map<string, string> {
  const map = new Map([[TOKEN_INFO_URL, JSON.stringify({ userInfo: user })]]);
  for (const [widget, alerts] of lists) {
    map.set(firstPageUrl(widget.listCall), JSON.stringify(listAnswer(widget, alerts).body));
  }
  return map;
}

const render = (url: string, page: Map<string, string>, timeZone = 'America/Chicago') =>
  renderSignedInPage({ url, token: 'tok-1', answers: page, locale: 'en-US', timeZone });

describe('the server’s drawing of a signed-in page', () => {
  it('draws the dashboard’s cards with their rows, counts and dates, from the answers alone', async () => {
    const page = answers(nurse(), [
      [highCost, [alertFixture({ patName: 'Alvarez, Rosa', dateCreated: '2026-11-02T03:30:00.000Z' })]],
      [refillTooSoon, [alertFixture({ patName: 'Baker, Tom' }), alertFixture({ patName: 'Chen, Li' })]],
    ]);
    const html = await render('http://portal.test/dashboard', page);
    expect(html).not.toBeNull();
    expect(html).toContain('data-testid="dashboard-widgets"');
    for (const name of ['Alvarez, Rosa', 'Baker, Tom', 'Chen, Li']) expect(html).toContain(name);
    expect(html).toContain(`>${highCost.title}<`);
    expect(html).toContain('aria-label="2 alerts"');
    // 03:30 UTC on 2 November is still the evening of 1 November in Chicago, and the morning of the 2nd in Tokyo.
    expect(html).toContain('11/1/2026, 9:30:00 PM');
    const tokyo = await render('http://portal.test/dashboard', page, 'Asia/Tokyo');
    expect(tokyo).toContain('11/2/2026, 12:30:00 PM');
    // A card whose list the page does not carry is drawn loading, as the browser would draw it before the answer.
    expect(html).toContain(`aria-label="Loading ${widgetByKey('nonCovered').title}"`);
  });

  it('leaves no session behind, and one reader’s rows never reach the next reader’s page', async () => {
    await render(
      'http://portal.test/dashboard',
      answers(nurse(), [[highCost, [alertFixture({ patName: 'Private, First' })]]]),
    );
    expect(getToken()).toBeNull();
    const next = await render(
      'http://portal.test/dashboard',
      answers(nurse({ email: 'other@meadowbrook.test' }), [
        [highCost, [alertFixture({ patName: 'Second, Reader' })]],
      ]),
    );
    expect(next).toContain('Second, Reader');
    expect(next).not.toContain('Private, First');
  });

  it('draws nothing for other pages, or without the session’s own answer', async () => {
    const page = answers(nurse(), [[highCost, [alertFixture({ patName: 'Alvarez, Rosa' })]]]);
    expect(await render(`http://portal.test/alerts/${highCost.path}`, page)).toBeNull();
    expect(await render('http://portal.test/settings/account', page)).toBeNull();
    const withoutSession = new Map(page);
    withoutSession.delete(TOKEN_INFO_URL);
    expect(await render('http://portal.test/dashboard', withoutSession)).toBeNull();
  });
});
