import { createHash } from 'node:crypto';
import {
  EARLY_ANSWER_ATTRIBUTE,
  EARLY_TAG_ATTRIBUTE,
  EARLY_TAG_LENGTH,
  EARLY_TAG_PREFIX,
  ENDPOINTS,
  firstPageUrl,
  TOKEN_INFO_URL,
  TOKEN_STORAGE_KEY,
  TokenInfoAnswerSchema,
  WIDGETS,
  widgetByKey,
  ZONE_COOKIE,
} from '@portal/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeApi, fail } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { apiRequest } from './api-client.ts';
import {
  DASHBOARD_WIDGETS_KEY,
  rememberDashboardWidgets,
  rememberZone,
  startEarlyRequests,
} from './early-requests.ts';
import { reloadTokenFromStorage } from './session-store.ts';

const signIn = (token: string) => {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  reloadTokenFromStorage();
};

afterEach(() => {
  for (const block of document.querySelectorAll(`script[${EARLY_ANSWER_ATTRIBUTE}]`)) block.remove();
  window.localStorage.clear();
  reloadTokenFromStorage();
});

/** The session tag the server puts on answers made for `token` (platform/navigation-data.ts). */
const tagOf = (token: string) =>
  createHash('sha256').update(`${EARLY_TAG_PREFIX}${token}`).digest('hex').slice(0, EARLY_TAG_LENGTH);

/** An answer the server put in the page's HTML. */
function embed(url: string, body: unknown, tag: string): HTMLScriptElement {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.setAttribute(EARLY_ANSWER_ATTRIBUTE, url);
  block.setAttribute(EARLY_TAG_ATTRIBUTE, tag);
  block.text = JSON.stringify(body);
  document.head.append(block);
  return block;
}

describe('answers in the page', () => {
  it('takes the answers the HTML holds for its own session instead of asking, and takes them out of the markup', async () => {
    const api = new FakeApi().signedIn('tok', nurse()).install();
    signIn('tok');
    const me = nurse();
    const info = embed(TOKEN_INFO_URL, { userInfo: { ...me, displayName: 'From the page' } }, tagOf('tok'));
    const list = embed(firstPageUrl(widgetByKey('highCost').listCall), { marker: 1 }, tagOf('tok'));
    startEarlyRequests('/dashboard');
    expect(info.isConnected).toBe(false);
    expect(list.isConnected).toBe(false);
    expect(api.callsTo('GET', ENDPOINTS.tokenInfo)).toHaveLength(0);
    expect(api.callsTo('GET', widgetByKey('highCost').listCall)).toHaveLength(0);
    // The lists the page does not hold are asked for as before.
    expect(api.callsTo('GET', widgetByKey('openBatch').listCall)).toHaveLength(1);
    const answer = await apiRequest(TokenInfoAnswerSchema, ENDPOINTS.tokenInfo, { bearer: 'tok' });
    expect(answer.userInfo.displayName).toBe('From the page');
    expect(api.callsTo('GET', ENDPOINTS.tokenInfo)).toHaveLength(0);
  });

  it("asks the server when the answers were made for another session's token", async () => {
    const api = new FakeApi().signedIn('tok', nurse()).install();
    signIn('tok');
    embed(TOKEN_INFO_URL, { userInfo: { ...nurse(), displayName: 'Someone else' } }, tagOf('other'));
    startEarlyRequests('/dashboard');
    const answer = await apiRequest(TokenInfoAnswerSchema, ENDPOINTS.tokenInfo, { bearer: 'tok' });
    expect(answer.userInfo.displayName).toBe(nurse().displayName);
    expect(api.callsTo('GET', ENDPOINTS.tokenInfo)).toHaveLength(1);
  });

  it('takes the blocks out of the markup when no one is signed in', () => {
    const api = new FakeApi().install();
    const block = embed(TOKEN_INFO_URL, { userInfo: nurse() }, tagOf('tok'));
    startEarlyRequests('/dashboard');
    expect(block.isConnected).toBe(false);
    expect(api.calls).toHaveLength(0);
  });
});

describe('early requests', () => {
  it('starts tokeninfo and every dashboard list at boot, and the app takes them instead of asking again', async () => {
    const api = new FakeApi().signedIn('tok', nurse()).install();
    signIn('tok');
    startEarlyRequests('/dashboard');
    expect(api.callsTo('GET', ENDPOINTS.tokenInfo)).toHaveLength(1);
    for (const widget of WIDGETS) expect(api.callsTo('GET', widget.listCall)).toHaveLength(1);
    expect(api.calls.every((c) => c.authorization === 'Bearer tok')).toBe(true);

    await apiRequest(TokenInfoAnswerSchema, ENDPOINTS.tokenInfo, { bearer: 'tok' });
    expect(api.callsTo('GET', ENDPOINTS.tokenInfo)).toHaveLength(1);
    // Taken once: the next ask goes to the server.
    await apiRequest(TokenInfoAnswerSchema, ENDPOINTS.tokenInfo, { bearer: 'tok' });
    expect(api.callsTo('GET', ENDPOINTS.tokenInfo)).toHaveLength(2);
  });

  it('only fetches the remembered dashboard widgets, and only the widget of a widget page', () => {
    const api = new FakeApi().install();
    signIn('tok');
    rememberDashboardWidgets('highCost,patMissing');
    expect(window.localStorage.getItem(DASHBOARD_WIDGETS_KEY)).toBe('highCost,patMissing');
    startEarlyRequests('/dashboard');
    const lists = api.calls.filter((c) => c.path !== ENDPOINTS.tokenInfo).map((c) => c.path);
    expect(lists.sort()).toEqual(
      [widgetByKey('highCost').listCall, widgetByKey('patMissing').listCall].sort(),
    );

    const page = new FakeApi().install();
    startEarlyRequests(`/alerts/${widgetByKey('highCost').path}`);
    expect(page.calls.map((c) => c.path)).toEqual([
      ENDPOINTS.tokenInfo,
      ENDPOINTS.facilities,
      widgetByKey('highCost').listCall,
    ]);
    expect(page.calls[2]?.query.toString()).toBe('limit=100');
  });

  it.each([
    ['repeated', '?facilityIds=102&facilityIds=101', 'limit=100&facilityIds=102&facilityIds=101'],
    [
      'comma-separated, with junk',
      '?facilityIds=102,abc&facilityIds=-1&alert=7',
      'limit=100&facilityIds=102',
    ],
    ['with an escaped name', '?facility%49ds=102', 'limit=100&facilityIds=102'],
    ['junk only: all facilities, as the page asks', '?facilityIds=abc', 'limit=100'],
  ])(
    'starts a narrowed widget page’s list narrowed as the page reads its address (%s)',
    (_name, search, query) => {
      const api = new FakeApi().install();
      signIn('tok');
      startEarlyRequests(`/alerts/${widgetByKey('highCost').path}`, search);
      const lists = api.callsTo('GET', widgetByKey('highCost').listCall);
      expect(lists.map((c) => c.query.toString())).toEqual([query]);
    },
  );

  it('starts nothing without a token, on an archive, or on other pages', () => {
    const api = new FakeApi().install();
    startEarlyRequests('/dashboard');
    signIn('tok');
    startEarlyRequests(`/alerts/${widgetByKey('highCost').path}/archive`, '?facilityIds=101');
    startEarlyRequests('/files');
    expect(api.calls).toHaveLength(0);
  });

  it('an early 401 still ends the session like a late one', async () => {
    const api = new FakeApi()
      .on('GET', ENDPOINTS.tokenInfo, () => fail(401, 'Sign in to continue.', 'UNAUTHORIZED'))
      .install();
    signIn('stale');
    startEarlyRequests('/dashboard');
    const error = await apiRequest(TokenInfoAnswerSchema, ENDPOINTS.tokenInfo, { bearer: 'stale' }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 401 });
    expect(api.callsTo('GET', ENDPOINTS.tokenInfo)).toHaveLength(1);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});

describe('the zone cookie', () => {
  const zone = () => document.cookie.split('; ').find((cookie) => cookie.startsWith(`${ZONE_COOKIE}=`));
  // The other tests' boots wrote it too.
  const forget = () => {
    // biome-ignore lint/suspicious/noDocumentCookie: clearing what the code under test wrote.
    document.cookie = `${ZONE_COOKIE}=; Max-Age=0; Path=/`;
  };
  beforeEach(forget);
  afterEach(() => {
    forget();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('is not written by the boot, which runs while the HTML is parsed (the first Intl call is ICU starting)', () => {
    vi.useFakeTimers();
    signIn('tok');
    new FakeApi().install();
    startEarlyRequests('/dashboard');
    startEarlyRequests('/files');
    vi.runAllTimers();
    expect(zone()).toBeUndefined();
  });

  it("holds the browser's locale and time zone once the app writes it", () => {
    rememberZone();
    const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
    expect(zone()).toBe(`${ZONE_COOKIE}=${encodeURIComponent(`${locale} ${timeZone}`)}`);
  });
});
