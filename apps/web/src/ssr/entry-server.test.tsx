// @vitest-environment node
import {
  API_BASE,
  buildUrl,
  ENDPOINTS,
  type FillView,
  firstPageUrl,
  type ListNarrowing,
  TOKEN_INFO_URL,
  type UserInfo,
  type Widget,
  widgetByKey,
} from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { getToken } from '@/lib/session-store.ts';
import { alertFixture, facilityFixture, listAnswer } from '@/test/alert-fixtures.ts';
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

const FACILITIES_URL = buildUrl(API_BASE, ENDPOINTS.facilities, undefined);

/** The answers a widget page's load carries: tokeninfo, the viewer's facilities and the list, narrowed or not. */
function widgetAnswers(
  widget: Widget,
  alerts: ReturnType<typeof alertFixture>[],
  narrowing: ListNarrowing = {},
): Map<string, string> {
  return new Map([
    [TOKEN_INFO_URL, JSON.stringify({ userInfo: nurse() })],
    [FACILITIES_URL, JSON.stringify({ facilities: [facilityFixture(101), facilityFixture(102)] })],
    [firstPageUrl(widget.listCall, narrowing), JSON.stringify(listAnswer(widget, alerts).body)],
  ]);
}

const render = (url: string, page: Map<string, string>, timeZone = 'America/Chicago') =>
  renderSignedInPage({ url, token: 'tok-1', answers: page, locale: 'en-US', timeZone });

/** The page drawn for a reader whose browser reported this window (FILL_COOKIE). */
const renderFor = (url: string, page: Map<string, string>, fill: FillView) =>
  renderSignedInPage({ url, token: 'tok-1', answers: page, locale: 'en-US', timeZone: 'UTC', fill });

describe('the server’s drawing of a signed-in page', () => {
  it('draws the dashboard’s cards with their rows, counts and dates, from the answers alone', async () => {
    const page = answers(nurse(), [
      [highCost, [alertFixture({ patName: 'Alvarez, Rosa', dateCreated: '2026-11-02T03:30:00.000Z' })]],
      [refillTooSoon, [alertFixture({ patName: 'Baker, Tom' }), alertFixture({ patName: 'Chen, Li' })]],
    ]);
    const html = await render('http://portal.test/dashboard', page);
    expect(html).not.toBeNull();
    expect(html).toContain('data-testid="dashboard-widgets"');
    // Nothing left for the browser to draw again (a boundary the server could not finish: `<!--$!-->`), even on
    // this first drawing, before any of the app's lazy chunks was loaded.
    expect(html).not.toContain('<!--$!-->');
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

  it('draws a live widget page with its total, rows and facility filter', async () => {
    const alerts = [
      alertFixture({ patName: 'Alvarez, Rosa', dateCreated: '2026-11-02T03:30:00.000Z' }),
      alertFixture({ patName: 'Baker, Tom', facID: 102, facName: 'Meadowbrook East' }),
    ];
    const html = await render(`http://portal.test/alerts/${highCost.path}`, widgetAnswers(highCost, alerts));
    expect(html).not.toBeNull();
    expect(html).toContain(`aria-label="${highCost.title} alerts"`);
    expect(html).toContain('Total: 2');
    for (const name of ['Alvarez, Rosa', 'Baker, Tom']) expect(html).toContain(name);
    expect(html).toContain('11/1/2026, 9:30:00 PM');
    // The viewer sees two facilities: the filter is drawn, offering all of them.
    expect(html).toContain('placeholder="All facilities"');
    // An alert named in the address (a copied link) opens once the app is live: the page is drawn without it.
    const linked = await render(
      `http://portal.test/alerts/${highCost.path}?alert=${alerts[0]?._internalID}`,
      widgetAnswers(highCost, alerts),
    );
    expect(linked).toContain('Alvarez, Rosa');
    expect(linked).not.toContain('role="dialog"');
  });

  it('draws the table at the height the reader’s window gives it, as their browser last reported it', async () => {
    const page = widgetAnswers(highCost, [alertFixture({ patName: 'Alvarez, Rosa' })]);
    const url = `http://portal.test/alerts/${highCost.path}`;
    const fill = { width: 1920, height: 1080, rests: { 'widget-page:highCost:live': 259.5 } };
    expect(await renderFor(url, page, fill)).toContain('max-height:820px');
    // Never below the least height; and a layout the browser has not measured yet is drawn at that least height.
    expect(await renderFor(url, page, { ...fill, height: 400 })).toContain('max-height:320px');
    const other = { ...fill, rests: { 'widget-page:highCost:archive': 100 } };
    expect(await renderFor(url, page, other)).toContain('max-height:320px');
    expect(await render(url, page)).toContain('max-height:320px');
  });

  it('lays the page out for the reader’s window: a tablet’s condensed navigation, else a desktop’s', async () => {
    const page = answers(nurse(), [[highCost, [alertFixture({ patName: 'Alvarez, Rosa' })]]]);
    const url = 'http://portal.test/dashboard';
    const at = (width: number) => renderFor(url, page, { width, height: 1100, rests: {} });
    expect(await at(900)).toContain('data-condensed="true"');
    expect(await at(1920)).toContain('data-condensed="false"');
    expect(await render(url, page)).toContain('data-condensed="false"');
  });

  it('draws a widget page narrowed by its address from the narrowed answer, and only that one', async () => {
    const narrowed = widgetAnswers(highCost, [alertFixture({ patName: 'East, Only', facID: 102 })], {
      facilityIds: [102],
    });
    const html = await render(`http://portal.test/alerts/${highCost.path}?facilityIds=102`, narrowed);
    expect(html).toContain('East, Only');
    expect(html).toContain('Total: 1');
    // The unnarrowed address is another list: its answer is not in this page, so nothing is drawn.
    expect(await render(`http://portal.test/alerts/${highCost.path}`, narrowed)).toBeNull();
    // A facility the viewer does not see: the page rewrites its address and asks again, so it is not drawn.
    const unseen = widgetAnswers(highCost, [alertFixture({ patName: 'Hidden, One' })], {
      facilityIds: [301],
    });
    expect(await render(`http://portal.test/alerts/${highCost.path}?facilityIds=301`, unseen)).toBeNull();
  });

  it('draws a widget page sorted by its address from the sorted answer, with the column’s arrow, and only that one', async () => {
    const rows = [alertFixture({ patName: 'Young, Zoe' }), alertFixture({ patName: 'Adams, Al' })];
    const sort = { column: 'patName', order: 'desc' } as const;
    const sorted = widgetAnswers(highCost, rows, { sort, facilityIds: [102] });
    const url = `http://portal.test/alerts/${highCost.path}?facilityIds=102&sort=patName&sortOrder=desc`;
    const html = await render(url, sorted);
    expect(html).toContain('Total: 2');
    // The rows in the answer's order (the server sorted them), the Patient column marked as the sort.
    expect(html?.indexOf('Young, Zoe')).toBeLessThan(html?.indexOf('Adams, Al') ?? 0);
    expect(html).toMatch(/aria-sort="descending"[^>]*>(?:(?!<\/th>).)*Patient/);
    expect(html).not.toMatch(/aria-sort="ascending"/);
    // The default order is another list: its answer is not in this page, so nothing is drawn.
    expect(await render(`http://portal.test/alerts/${highCost.path}?facilityIds=102`, sorted)).toBeNull();
    // A sort the table does not offer reads as the default: drawn from the default answer, Alerted On ascending.
    const plain = widgetAnswers(highCost, rows);
    const junk = await render(`http://portal.test/alerts/${highCost.path}?sort=nope&sortOrder=desc`, plain);
    expect(junk).toContain('Total: 2');
    expect(junk).toMatch(/aria-sort="ascending"[^>]*>(?:(?!<\/th>).)*Alerted On/);
  });

  it('draws nothing for other pages, aliases, archives, or without the answers the first render needs', async () => {
    const page = answers(nurse(), [[highCost, [alertFixture({ patName: 'Alvarez, Rosa' })]]]);
    // A widget page without its facilities' answer.
    expect(await render(`http://portal.test/alerts/${highCost.path}`, page)).toBeNull();
    const widgetPage = widgetAnswers(highCost, [alertFixture({ patName: 'Alvarez, Rosa' })]);
    expect(await render(`http://portal.test/alerts/${highCost.path.toUpperCase()}`, widgetPage)).toBeNull();
    expect(await render(`http://portal.test/alerts/${highCost.path}/archive`, widgetPage)).toBeNull();
    expect(await render('http://portal.test/settings/account', page)).toBeNull();
    const withoutSession = new Map(page);
    withoutSession.delete(TOKEN_INFO_URL);
    expect(await render('http://portal.test/dashboard', withoutSession)).toBeNull();
    const widgetWithoutSession = new Map(widgetPage);
    widgetWithoutSession.delete(TOKEN_INFO_URL);
    expect(await render(`http://portal.test/alerts/${highCost.path}`, widgetWithoutSession)).toBeNull();
  });
});
