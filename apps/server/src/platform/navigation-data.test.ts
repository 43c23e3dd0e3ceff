import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import {
  DRAWN_VIEW_ATTRIBUTE,
  EARLY_ANSWER_ATTRIBUTE,
  EARLY_TAG_ATTRIBUTE,
  FILL_COOKIE,
  firstPageUrl,
  SERVER_RENDERED_ATTRIBUTE,
  TOKEN_INFO_URL,
  WIDGETS,
  widgetByKey,
  ZONE_COOKIE,
} from '@portal/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_SCRIPTS_META } from '../../../web/src/lib/signed-in-scripts.ts';
import { bearer, buildTestApp, signIn, type TestApp } from '../test/test-app.ts';
import {
  NAVIGATION_COOKIE,
  SIGNED_IN_FILES_META,
  sessionTag,
  withAnswers,
  withDrawnRoot,
} from './navigation-data.ts';

let t: TestApp;
const TEMPLATE =
  '<!doctype html><html><head><meta charset="UTF-8" /><title>portal</title>' +
  '<script type="module" async src="/assets/boot-abc.js"></script>' +
  '<script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';

/**
 * A server renderer in the place the web build puts its own (`dist-ssr` beside `dist`), which draws what it was
 * given, and on which thread, into its marker; the web's real one is tested in apps/web (ssr/entry-server.test.tsx)
 * and in the browser (e2e/boot.e2e.ts). It fails for the locale en-GB.
 */
const RENDERER = `
import { isMainThread } from 'node:worker_threads';
export async function renderSignedInPage(input) {
  if (input.locale === 'en-GB') throw new Error('the renderer failed');
  const { url, token, locale, timeZone, fill } = input;
  const drawn = { url, token, locale, timeZone, fill, urls: [...input.answers.keys()], thread: isMainThread ? 'main' : 'worker' };
  return '<main data-drawn="' + encodeURIComponent(JSON.stringify(drawn)) + '">drawn</main>';
}
`;

/** What the test renderer was given, as its marker in the page says; null for a page it did not draw. */
function drawnWith(html: string): Record<string, unknown> | null {
  const marker = /<main data-drawn="([^"]*)">drawn<\/main>/.exec(html)?.[1];
  return marker === undefined ? null : (JSON.parse(decodeURIComponent(marker)) as Record<string, unknown>);
}

/** A web build in a folder of its own: TEMPLATE as its index.html and `renderer` as its server renderer. */
async function fakeWebBuild(renderer: string): Promise<string> {
  const build = await mkdtemp(join(tmpdir(), 'portal-web-'));
  const webDist = join(build, 'dist');
  await mkdir(join(webDist, 'assets'), { recursive: true });
  await writeFile(join(webDist, 'index.html'), TEMPLATE);
  await mkdir(join(build, 'dist-ssr'));
  await writeFile(join(build, 'dist-ssr', 'entry-server.js'), renderer);
  return webDist;
}

beforeAll(async () => {
  t = await buildTestApp({ webDist: await fakeWebBuild(RENDERER), renderThreads: 1 });
});
afterAll(async () => t.close());

/** Signs in through the API and answers the token and the cookie the answer set (name=value). */
async function signInWithCookie(
  email: string,
  on: TestApp = t,
): Promise<{ token: string; cookie: string; header: string }> {
  const response = await on.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password: 'portal-demo-1' },
  });
  expect(response.statusCode).toBe(200);
  const header = String(response.headers['set-cookie'] ?? '');
  const token = (response.json() as { token: string }).token;
  return { token, cookie: header.split(';')[0] ?? '', header };
}

/** A browser's load of a page of the app: an HTML navigation, with the cookie when given. */
const load = (url: string, cookie?: string, headers: Record<string, string> = {}, on: TestApp = t) =>
  on.app.inject({
    method: 'GET',
    url,
    headers: { accept: 'text/html,application/xhtml+xml', ...(cookie ? { cookie } : {}), ...headers },
  });

/** The answers in a page's HTML: URL to JSON text, with the session tag of each. */
function answersIn(html: string): { url: string; tag: string; json: string }[] {
  const found = [];
  const pattern = new RegExp(
    `<script type="application/json" ${EARLY_ANSWER_ATTRIBUTE}="([^"]*)" ${EARLY_TAG_ATTRIBUTE}="([^"]*)">(.*?)</script>`,
    'gs',
  );
  for (const match of html.matchAll(pattern)) {
    found.push({ url: (match[1] ?? '').replaceAll('&amp;', '&'), tag: match[2] ?? '', json: match[3] ?? '' });
  }
  return found;
}

/** An answer without what differs from one call to the next (the server's clock). */
function stable(json: string): unknown {
  const { timeStamp: _clock, ...rest } = JSON.parse(json) as Record<string, unknown>;
  return rest;
}

describe('the session cookie', () => {
  it('is set by sign-in with the token, HttpOnly, SameSite=Strict, for the whole site, as long as a session may live', async () => {
    const { token, header } = await signInWithCookie('nurse@meadowbrook.test');
    expect(header).toContain(`${NAVIGATION_COOKIE}=${token};`);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    expect(header).toContain('Path=/');
    expect(header).toContain(`Max-Age=${t.config.sessionMaxHours * 3600}`);
    // Plain HTTP here (tests, a local start): Secure is set when the request came over HTTPS.
    expect(header).not.toContain('Secure');
  });

  it('is not set by a sign-in that fails, nor by any other call', async () => {
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'nurse@meadowbrook.test', password: 'wrong-password-1' },
    });
    expect(failed.statusCode).toBe(401);
    expect(failed.headers['set-cookie']).toBeUndefined();
    const token = await signIn(t.app, 'nurse@meadowbrook.test');
    const info = await t.app.inject({ url: TOKEN_INFO_URL, headers: bearer(token) });
    expect(info.headers['set-cookie']).toBeUndefined();
  });

  it('is cleared by sign-out, and the API never takes it in place of the bearer', async () => {
    const { token, cookie } = await signInWithCookie('nurse@meadowbrook.test');
    const byCookie = await t.app.inject({ url: TOKEN_INFO_URL, headers: { cookie } });
    expect(byCookie.statusCode).toBe(401);
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(
      new RegExp(`^${NAVIGATION_COOKIE}=; Max-Age=0; Path=/`),
    );
  });
});

describe('the session cookie behind an HTTPS proxy', () => {
  it('is Secure when the request came over HTTPS (TRUST_PROXY, X-Forwarded-Proto)', async () => {
    const behindProxy = await buildTestApp({ trustProxy: true });
    try {
      const response = await behindProxy.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-forwarded-proto': 'https' },
        payload: { email: 'nurse@meadowbrook.test', password: 'portal-demo-1' },
      });
      expect(response.statusCode).toBe(200);
      expect(String(response.headers['set-cookie'])).toMatch(/; Secure(;|$)/);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('a page load with the session', () => {
  it("answers the dashboard's first calls inside its HTML, each as the API answers it, before the first script", async () => {
    const { token, cookie } = await signInWithCookie('nurse@meadowbrook.test');
    const page = await load('/dashboard', cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const answers = answersIn(page.body);
    expect(answers.map((a) => a.url)).toEqual([
      TOKEN_INFO_URL,
      ...WIDGETS.map((w) => firstPageUrl(w.listCall)),
    ]);
    for (const answer of answers) {
      expect(answer.tag).toBe(sessionTag(token));
      const direct = await t.app.inject({ url: answer.url, headers: bearer(token) });
      expect(stable(answer.json)).toEqual(stable(direct.body));
    }
    const rows = JSON.parse(answers[1]?.json ?? '{}') as { highCostList: unknown[] };
    expect(rows.highCostList.length).toBeGreaterThan(0);
    expect(page.body.indexOf(EARLY_ANSWER_ATTRIBUTE)).toBeLessThan(
      page.body.indexOf('<script type="module"'),
    );
    // The same for the app's root.
    expect(answersIn((await load('/', cookie)).body)).toHaveLength(answers.length);
  });

  it("leaves out the widgets the user's dashboard hides", async () => {
    const { token, cookie } = await signInWithCookie('nurse.nocreds@meadowbrook.test');
    const info = (await t.app.inject({ url: TOKEN_INFO_URL, headers: bearer(token) })).json() as {
      userInfo: { userId: number };
    };
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/usersetting',
      headers: bearer(token),
      payload: { UserId: info.userInfo.userId, settingValues: { widget_highCost_Show: 'false' } },
    });
    expect(saved.statusCode).toBe(200);
    const urls = answersIn((await load('/dashboard', cookie)).body).map((a) => a.url);
    expect(urls).not.toContain(firstPageUrl(widgetByKey('highCost').listCall));
    expect(urls).toContain(firstPageUrl(widgetByKey('openBatch').listCall));
  });

  it("answers a widget page's facilities and its list, narrowed as its address says", async () => {
    const { cookie } = await signInWithCookie('admin@meadowbrook.test');
    const path = widgetByKey('highCost').path;
    const urls = answersIn((await load(`/alerts/${path}?facilityIds=102`, cookie)).body).map((a) => a.url);
    expect(urls).toEqual([TOKEN_INFO_URL, '/api/facilities', '/api/highCost?limit=100&facilityIds=102']);
    // An archive, a detail page or any other page is the plain file.
    for (const other of [`/alerts/${path}/archive`, '/settings', '/files']) {
      const plain = await load(other, cookie);
      expect(answersIn(plain.body)).toEqual([]);
      expect(plain.headers['cache-control']).toBe('no-cache');
    }
  });

  it("answers a widget page's list sorted as its address says, in that order, and the default for a bad sort", async () => {
    const { token, cookie } = await signInWithCookie('admin@meadowbrook.test');
    const path = widgetByKey('highCost').path;
    const sorted = answersIn((await load(`/alerts/${path}?sort=facName&sortOrder=desc`, cookie)).body);
    const url = '/api/highCost?sort=facName&sortOrder=desc&limit=100';
    expect(sorted.map((a) => a.url)).toEqual([TOKEN_INFO_URL, '/api/facilities', url]);
    // The API's own answer to that call: the rows in the facility's order, descending (unread first in each).
    const direct = await t.app.inject({ url, headers: bearer(token) });
    expect(stable(sorted[2]?.json ?? '{}')).toEqual(stable(direct.body));
    const names = (JSON.parse(sorted[2]?.json ?? '{}') as { highCostList: { facName: string }[] })
      .highCostList;
    expect(new Set(names.map((row) => row.facName)).size).toBeGreaterThan(1);
    // A column the table does not sort by reads as the default order: the default list is answered, not a 400.
    const junk = answersIn((await load(`/alerts/${path}?sort=nope&sortOrder=desc`, cookie)).body);
    expect(junk.map((a) => a.url)).toEqual([TOKEN_INFO_URL, '/api/facilities', '/api/highCost?limit=100']);
  });

  it("never holds another tenant's alerts: don@lakeside.test's dashboard has 201's alone", async () => {
    const { cookie } = await signInWithCookie('don@lakeside.test');
    const answers = answersIn((await load('/dashboard', cookie)).body).slice(1);
    expect(answers.length).toBe(WIDGETS.length);
    const facilities = new Set<number>();
    for (const answer of answers) {
      const body = JSON.parse(answer.json) as Record<string, unknown>;
      for (const value of Object.values(body)) {
        if (Array.isArray(value))
          for (const row of value as { facID: number }[]) facilities.add(Number(row.facID));
      }
    }
    expect(facilities.size).toBeGreaterThan(0);
    for (const other of [101, 102, 301]) expect(facilities.has(other)).toBe(false);
  });

  it('sends the plain file without the cookie, for a request that is no HTML navigation, and for a HEAD', async () => {
    const { cookie } = await signInWithCookie('nurse@meadowbrook.test');
    for (const response of [
      await load('/dashboard'),
      await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie, accept: '*/*' } }),
      await t.app.inject({ method: 'HEAD', url: '/dashboard', headers: { cookie, accept: 'text/html' } }),
    ]) {
      expect(response.statusCode).toBe(200);
      expect(answersIn(response.body)).toEqual([]);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it("clears a cookie whose session is over, and sends the plain file (no one's data)", async () => {
    const { token, cookie } = await signInWithCookie('nurse@meadowbrook.test');
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    // A widget page's calls go beside the session check: their refusals are dropped with it.
    for (const path of ['/dashboard', `/alerts/${widgetByKey('highCost').path}`]) {
      for (const stale of [cookie, `${NAVIGATION_COOKIE}=not-a-token`]) {
        const page = await load(path, stale);
        expect(page.statusCode).toBe(200);
        expect(answersIn(page.body)).toEqual([]);
        expect(String(page.headers['set-cookie'])).toMatch(new RegExp(`^${NAVIGATION_COOKIE}=; Max-Age=0`));
      }
    }
  });

  it('compresses the page for a browser that accepts brotli', async () => {
    const { cookie } = await signInWithCookie('nurse@meadowbrook.test');
    const page = await load('/dashboard', cookie, { 'accept-encoding': 'gzip, deflate, br' });
    expect(page.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(page.rawPayload).toString('utf8');
    expect(answersIn(html).length).toBe(WIDGETS.length + 1);
  });

  it("says how long the page's answers and its compression took (Server-Timing), and nothing else", async () => {
    const { cookie } = await signInWithCookie('nurse@meadowbrook.test');
    const page = await load('/dashboard', cookie, { 'accept-encoding': 'gzip' });
    expect(String(page.headers['server-timing'])).toMatch(/^answers;dur=\d+\.\d, compress;dur=\d+\.\d$/);
    expect((await load('/dashboard', cookie)).headers['server-timing']).toMatch(/^answers;dur=\d+\.\d$/);
    // The plain file, for a load without the session, says nothing.
    expect((await load('/dashboard', '')).headers['server-timing']).toBeUndefined();
  });
});

describe('a page load the server draws', () => {
  const zoneCookie = (zone: string) => `${ZONE_COOKIE}=${encodeURIComponent(zone)}`;
  const CHICAGO = zoneCookie('en-US America/Chicago');

  it('draws the page in its root, in a thread of its own, for the session, its zone and its answers, when the browser has told its zone', async () => {
    const { token, cookie } = await signInWithCookie('nurse@meadowbrook.test');
    const page = await load('/dashboard', `${cookie}; ${CHICAGO}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(
      new RegExp(`<div id="root" ${SERVER_RENDERED_ATTRIBUTE}><main data-drawn="[^"]+">drawn</main></div>`),
    );
    expect(drawnWith(page.body)).toEqual({
      url: 'http://localhost:80/dashboard',
      token,
      locale: 'en-US',
      timeZone: 'America/Chicago',
      fill: null,
      urls: answersIn(page.body).map((a) => a.url),
      thread: 'worker',
    });
    // The answers stay in the page: the browser hydrates with them.
    expect(answersIn(page.body).length).toBe(WIDGETS.length + 1);
    expect(String(page.headers['server-timing'])).toMatch(/^answers;dur=\d+\.\d, draw;dur=\d+\.\d$/);
  });

  it('gives the renderer the window the browser last reported, and nothing of a malformed one', async () => {
    const { cookie } = await signInWithCookie('nurse@meadowbrook.test');
    const fill = (value: string) => `${FILL_COOKIE}=${encodeURIComponent(value)}`;
    const page = await load(
      '/alerts/authorization',
      `${cookie}; ${CHICAGO}; ${fill('1920x1080 widget-page:highCost:live=261.5 bad<layout>=3')}`,
    );
    expect(drawnWith(page.body)?.fill).toEqual({
      width: 1920,
      height: 1080,
      rests: { 'widget-page:highCost:live': 261.5 },
    });
    // The root says which window it was drawn for: the browser hydrates it as drawn, then takes its own.
    expect(page.body).toContain(
      `<div id="root" ${SERVER_RENDERED_ATTRIBUTE} ${DRAWN_VIEW_ATTRIBUTE}="1920x1080 widget-page:highCost:live=261.5">`,
    );
    for (const junk of ['1920', 'x1080', '1920x1080x3', '-5x10']) {
      const other = await load('/alerts/authorization', `${cookie}; ${CHICAGO}; ${fill(junk)}`);
      expect(drawnWith(other.body)?.fill).toBeNull();
      expect(other.body).toContain(`<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>`);
    }
  });

  it('leaves the drawing to the browser without the zone, with a zone no one has, or for a stale session', async () => {
    const { token, cookie } = await signInWithCookie('nurse@meadowbrook.test');
    for (const zone of ['', zoneCookie('en-US Mars/Olympus_Mons'), `${ZONE_COOKIE}=junk`]) {
      const page = await load('/dashboard', `${cookie}; ${zone}`);
      expect(page.body).toContain('<div id="root"></div>');
      expect(answersIn(page.body).length).toBe(WIDGETS.length + 1);
      expect(String(page.headers['server-timing'])).not.toContain('draw');
    }
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    const stale = await load('/dashboard', `${cookie}; ${CHICAGO}`);
    expect(stale.body).toContain('<div id="root"></div>');
    expect(answersIn(stale.body)).toEqual([]);
  });

  it('sends the page with its answers, undrawn, when the renderer fails, and draws the next one', async () => {
    const { cookie } = await signInWithCookie('nurse@meadowbrook.test');
    const page = await load('/dashboard', `${cookie}; ${zoneCookie('en-GB America/Chicago')}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(answersIn(page.body).length).toBe(WIDGETS.length + 1);
    expect(drawnWith((await load('/dashboard', `${cookie}; ${CHICAGO}`)).body)).not.toBeNull();
  });
});

describe('the server renderer', () => {
  const CHICAGO = `${ZONE_COOKIE}=${encodeURIComponent('en-US America/Chicago')}`;
  /** A test app on a web build whose renderer is `source`, drawing in `renderThreads` threads (0: its own). */
  async function appWithRenderer(source: string, renderThreads: number): Promise<TestApp> {
    return buildTestApp({ webDist: await fakeWebBuild(source), renderThreads });
  }
  /** A file the renderer writes to say where it is, and what it holds (empty while unwritten). */
  async function markerFile(): Promise<{ path: string; read: () => string }> {
    const path = join(await mkdtemp(join(tmpdir(), 'portal-marker-')), 'marker');
    return { path, read: () => (existsSync(path) ? readFileSync(path, 'utf8') : '') };
  }

  it.each([
    ['in a drawing thread', 1],
    ["in the server's own thread (RENDER_THREADS=0)", 0],
  ])('is loaded and warmed up as the server starts, before any page asks for it: %s', async (_, threads) => {
    const marker = await markerFile();
    const started = await appWithRenderer(
      `import { appendFileSync } from 'node:fs';\n` +
        `appendFileSync(${JSON.stringify(marker.path)}, 'loaded ');\n` +
        `export async function warmUp() { appendFileSync(${JSON.stringify(marker.path)}, 'warm'); }\n` +
        'export async function renderSignedInPage() { return null; }\n',
      threads,
    );
    try {
      await vi.waitFor(() => expect(marker.read()).toBe('loaded warm'), { timeout: 10_000 });
    } finally {
      await started.close();
    }
  });

  it.each([
    ['in a drawing thread', 1],
    ["in the server's own thread", 0],
  ])('that fails to load leaves every page to the browser and the server running: %s', async (_, threads) => {
    const broken = await appWithRenderer("throw new Error('the renderer does not load');\n", threads);
    try {
      const { cookie } = await signInWithCookie('nurse@meadowbrook.test', broken);
      for (let i = 0; i < 2; i++) {
        const page = await load('/dashboard', `${cookie}; ${CHICAGO}`, {}, broken);
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('<div id="root"></div>');
        expect(answersIn(page.body).length).toBe(WIDGETS.length + 1);
      }
    } finally {
      await broken.close();
    }
  });

  it("draws in the server's own thread with RENDER_THREADS=0", async () => {
    const own = await appWithRenderer(RENDERER, 0);
    try {
      const { cookie } = await signInWithCookie('nurse@meadowbrook.test', own);
      const page = await load('/dashboard', `${cookie}; ${CHICAGO}`, {}, own);
      expect(drawnWith(page.body)).toMatchObject({ thread: 'main', locale: 'en-US' });
    } finally {
      await own.close();
    }
  });

  it('answers the API while a page is being drawn, which it did not do when drawing in its own thread', async () => {
    const marker = await markerFile();
    // A drawing that holds its thread for 2 s once it has said it started.
    const slow = await appWithRenderer(
      `import { writeFileSync } from 'node:fs';\n` +
        'export async function renderSignedInPage() {\n' +
        `  writeFileSync(${JSON.stringify(marker.path)}, 'drawing');\n` +
        '  const until = Date.now() + 2000; while (Date.now() < until) {}\n' +
        "  return '<main>slow</main>';\n}\n",
      1,
    );
    try {
      const { token, cookie } = await signInWithCookie('nurse@meadowbrook.test', slow);
      const done: string[] = [];
      const pageLoad = load('/dashboard', `${cookie}; ${CHICAGO}`, {}, slow).then((page) => {
        done.push('page');
        return page;
      });
      await vi.waitFor(() => expect(marker.read()).toBe('drawing'), { timeout: 10_000 });
      const info = await slow.app.inject({ method: 'GET', url: TOKEN_INFO_URL, headers: bearer(token) });
      done.push('api');
      expect(info.statusCode).toBe(200);
      expect((await pageLoad).body).toContain('<main>slow</main>');
      expect(done).toEqual(['api', 'page']);
    } finally {
      await slow.close();
    }
  });

  it('sends a page undrawn, without waiting, when its thread is busy and pages are already waiting for it', async () => {
    const marker = await markerFile();
    const release = `${marker.path}.release`;
    // Each drawing waits until the test lets it finish; one thread, so one draws, two wait (WAITING_PER_THREAD),
    // and one more is not drawn.
    const busy = await appWithRenderer(
      `import { appendFileSync, existsSync } from 'node:fs';\n` +
        'export async function renderSignedInPage() {\n' +
        `  appendFileSync(${JSON.stringify(marker.path)}, 'x');\n` +
        `  while (!existsSync(${JSON.stringify(release)})) await new Promise((resolve) => setTimeout(resolve, 20));\n` +
        "  return '<main>drawn</main>';\n}\n",
      1,
    );
    try {
      const { cookie } = await signInWithCookie('nurse@meadowbrook.test', busy);
      const navigate = () => load('/dashboard', `${cookie}; ${CHICAGO}`, {}, busy);
      const first = navigate();
      await vi.waitFor(() => expect(marker.read()).toBe('x'), { timeout: 10_000 });
      const arrived: string[] = [];
      const later = [1, 2, 3].map(() =>
        navigate().then((page) => {
          arrived.push(page.body.includes('<main>drawn</main>') ? 'drawn' : 'undrawn');
          return page;
        }),
      );
      // One comes back while the first is still being drawn: the other two wait for the thread.
      await vi.waitFor(() => expect(arrived).toEqual(['undrawn']), { timeout: 10_000 });
      writeFileSync(release, '');
      const pages = await Promise.all(later);
      expect(arrived).toEqual(['undrawn', 'drawn', 'drawn']);
      const undrawn = pages.find((page) => page.body.includes('<div id="root"></div>'));
      expect(answersIn(undrawn?.body ?? '').length).toBe(WIDGETS.length + 1);
      expect((await first).body).toContain('<main>drawn</main>');
      expect(marker.read()).toBe('xxx');
    } finally {
      writeFileSync(release, '');
      await busy.close();
    }
  });
});

describe('withDrawnRoot', () => {
  it("links the signed-in pages' stylesheets the build names, so the drawn page is styled at its first paint", () => {
    const template = TEMPLATE.replace(
      '</title>',
      `</title><meta name="${SIGNED_IN_FILES_META}" content="/assets/signed-in-a.js /assets/signed-in-b.css /assets/x-c.css" />`,
    );
    const html = withDrawnRoot(template, '<p>x</p>');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/signed-in-b.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/x-c.css">');
    expect(head).not.toContain('rel="stylesheet" crossorigin href="/assets/signed-in-a.js"');
    // The name the web build writes the tag under.
    expect(SIGNED_IN_FILES_META).toBe(SIGNED_IN_SCRIPTS_META);
  });

  it('puts the markup in the empty root, marked, and leaves a template without one as it is', () => {
    expect(withDrawnRoot(TEMPLATE, '<p>$& $1</p>')).toContain(
      `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}><p>$& $1</p></div>`,
    );
    expect(withDrawnRoot('<html><body></body></html>', '<p>x</p>')).toBe('<html><body></body></html>');
  });
});

describe('withAnswers', () => {
  it('keeps every answer inert: no `</script>` or comment can end its block, and the URL is an attribute', () => {
    const json = JSON.stringify({ note: '</script><script>alert(1)</script><!--' });
    const html = withAnswers(TEMPLATE, new Map([['/api/x?a=1&b="2"', json]]), 'tag');
    const [answer] = answersIn(html);
    expect(html).not.toContain('</script><script>alert');
    expect(html).not.toContain('<!--');
    expect(JSON.parse(answer?.json ?? '')).toEqual({ note: '</script><script>alert(1)</script><!--' });
    expect(html).toContain('data-early-url="/api/x?a=1&amp;b=&quot;2&quot;"');
  });
});
