import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import {
  API_BASE,
  DRAWN_VIEW_ATTRIBUTE,
  EARLY_ANSWER_ATTRIBUTE,
  EARLY_TAG_ATTRIBUTE,
  EARLY_TAG_LENGTH,
  EARLY_TAG_PREFIX,
  ENDPOINTS,
  earlyPageOf,
  earlyUrls,
  FILL_COOKIE,
  type FillView,
  formatFillCookie,
  isTimeZone,
  parseFillCookie,
  parseZoneCookie,
  SERVER_RENDERED_ATTRIBUTE,
  TOKEN_INFO_URL,
  TokenInfoAnswerSchema,
  visibleWidgets,
  ZONE_COOKIE,
} from '@portal/domain';
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendAsyncHookHandler,
  preSerializationAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { LIST_COMPRESSION, PAGE_BROTLI_OPTIONS } from './compression.ts';
import type { PageRenderer } from './page-renderer.ts';

/** The built web app a page load is answered from: its folder, and its server renderer (null: none built). */
export interface WebBuild {
  dist: string;
  renderer: PageRenderer | null;
}

/**
 * The session on the navigation, so that the page's first calls come answered inside its HTML.
 *
 * The API is called with a bearer token, which the web app keeps in local storage and a navigation does not carry,
 * so every signed-in load used to wait for its scripts before it could ask for anything (the boot script's early
 * requests, then the answers). Beside the token, every sign-in now sets this cookie with the same token: HttpOnly
 * (no script reads it), SameSite=Strict (a page of another site that links here, or frames or posts to it, never
 * sends it), Secure over HTTPS, path `/`, living as long as the session may. The API never accepts it: it is read
 * only here, when the browser loads the dashboard or a widget page, and only to answer, inside that page's HTML,
 * the calls the page would make first (TOKEN_INFO_URL, then `earlyUrls`). Those are made through the real routes
 * (`inject`, with the token as bearer and the client's address), so every check of who is asking and what they may
 * see is the one any call gets; a call that is not a 200 is simply left out and the page makes it itself.
 *
 * A page with answers in it is personal: `Cache-Control: no-store`. Each answer carries the tag of its session
 * (EARLY_TAG_PREFIX), and the page takes them only when its own stored token gives the same tag. Sign-out clears
 * the cookie; an expired or revoked session's cookie is cleared by the first page load that finds it so.
 */
export const NAVIGATION_COOKIE = 'portal_nav';

/** The calls that answer a new session's token (`{ token, ... }`). */
const SIGN_IN_ROUTES = new Set(
  [ENDPOINTS.login, ENDPOINTS.authenticate, ENDPOINTS.loginWithToken, ENDPOINTS.loginMfa].map(
    (path) => `${API_BASE}${path}`,
  ),
);
const SIGN_OUT_ROUTE = `${API_BASE}${ENDPOINTS.logout}`;
/** Larger pages are sent as they are (a dashboard of 11 full lists is ~1 MB before compression). */
const COMPRESS_MAX_BYTES = 4 * 1024 * 1024;

function cookieOptions(request: FastifyRequest, maxAgeSeconds: number) {
  return {
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: request.protocol === 'https',
    path: '/',
    maxAge: maxAgeSeconds,
  };
}

/** The Set-Cookie that removes the cookie from the browser. */
const clearedCookie = (request: FastifyRequest) =>
  serializeCookie(NAVIGATION_COOKIE, '', cookieOptions(request, 0));

/** The session tag of a token (see EARLY_TAG_PREFIX in the domain package). */
export function sessionTag(token: string): string {
  return createHash('sha256').update(`${EARLY_TAG_PREFIX}${token}`).digest('hex').slice(0, EARLY_TAG_LENGTH);
}

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
// JSON has `<` only inside strings, where \u003c means the same: the block can never hold `</script` or `<!--`.
const escapeJsonText = (json: string) => json.replaceAll('<', '\\u003c');

/** The data blocks of a page's answers, placed before its first script so the boot script finds them. */
export function withAnswers(template: string, answers: ReadonlyMap<string, string>, tag: string): string {
  const blocks = [...answers]
    .map(
      ([url, json]) =>
        `<script type="application/json" ${EARLY_ANSWER_ATTRIBUTE}="${escapeAttribute(url)}" ` +
        `${EARLY_TAG_ATTRIBUTE}="${tag}">${escapeJsonText(json)}</script>`,
    )
    .join('');
  const at = template.indexOf('<script');
  const cut = at >= 0 ? at : template.indexOf('</head>');
  return cut < 0 ? template : `${template.slice(0, cut)}${blocks}${template.slice(cut)}`;
}

/**
 * The answers of the page's first calls for the session of `token`, by URL; null when the token opens no session
 * the page can use (unknown, expired, revoked, or one that must first change its password or set up two-step
 * sign-in: its tokeninfo is no 200 or its calls are refused, and the page goes its usual way).
 */
async function firstAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
  token: string,
  pathname: string,
  search: string,
): Promise<Map<string, string> | null> {
  const page = earlyPageOf(pathname, search);
  if (!page) return new Map();
  const call = (url: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: {
        accept: 'application/json',
        authorization: `Bearer ${token}`,
        'user-agent': request.headers['user-agent'] ?? '',
      },
      remoteAddress: request.ip,
    });
  const answerAll = (urls: readonly string[]) =>
    Promise.all(urls.map(async (url) => [url, await call(url)] as const));
  // A widget page's calls do not depend on the session's settings (a dashboard's depend on which widgets it shows),
  // so they go beside the session check rather than after it. Each is checked by its own route; when the session
  // check fails, their answers are dropped unread.
  const widgetCalls = page.kind === 'widget' ? answerAll(earlyUrls(page, [])) : null;
  widgetCalls?.catch(() => undefined);
  const info = await call(TOKEN_INFO_URL);
  if (info.statusCode !== 200) return null;
  const parsed = TokenInfoAnswerSchema.safeParse(info.json());
  if (!parsed.success) return null;
  const responses = await (widgetCalls ??
    answerAll(
      earlyUrls(
        page,
        visibleWidgets(parsed.data.userInfo.userSettings).map((w) => w.key),
      ),
    ));
  const answers = new Map([[TOKEN_INFO_URL, info.body]]);
  for (const [url, response] of responses) {
    if (response.statusCode === 200) answers.set(url, response.body);
  }
  return answers;
}

/** Milliseconds, with a tenth, spent on each step of a personal page (`Server-Timing`). */
type Steps = [name: string, ms: number][];

/**
 * The `Server-Timing` header of a personal page: how long its session check and first calls (`answers`), its
 * drawing (`draw`, when drawn) and its compression (`compress`, when compressed) took, so a browser's own timings
 * (and the bench) can tell the server's share of a load from the rest. Durations only: nothing the page holds.
 */
const serverTiming = (steps: Steps) => steps.map(([name, ms]) => `${name};dur=${ms.toFixed(1)}`).join(', ');

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Sends HTML made for one person, compressed as the browser accepts (as the lists are), never stored by a cache.
 * Compressed in libuv's threads, not the server's own: a dashboard page of ~1.5 MB takes 11-14 ms at brotli 3, in
 * which the API would otherwise answer nothing (about 2 ms slower for the page; bench/README.md, fourteenth look).
 */
async function sendPersonal(request: FastifyRequest, reply: FastifyReply, html: string, steps: Steps) {
  void reply.header('cache-control', 'no-store').header('vary', 'cookie').type('text/html; charset=utf-8');
  const accepted = String(request.headers['accept-encoding'] ?? '');
  const bytes = Buffer.from(html, 'utf8');
  const started = performance.now();
  let body: Buffer = bytes;
  if (bytes.length <= COMPRESS_MAX_BYTES && /\bbr\b/.test(accepted)) {
    body = await brotliAsync(bytes, PAGE_BROTLI_OPTIONS);
    void reply.header('content-encoding', 'br');
  } else if (bytes.length <= COMPRESS_MAX_BYTES && /\bgzip\b/.test(accepted)) {
    body = await gzipAsync(bytes, LIST_COMPRESSION.zlibOptions);
    void reply.header('content-encoding', 'gzip');
  }
  const all: Steps = body === bytes ? steps : [...steps, ['compress', performance.now() - started]];
  return reply.header('server-timing', serverTiming(all)).send(body);
}

/**
 * Answers a load of the web app's entry (index.html): with the page's first answers in it when the navigation
 * carries a session (above), else the file as it is.
 */
export async function sendEntry(
  app: FastifyInstance,
  web: WebBuild,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const plain = () => reply.header('cache-control', 'no-cache').sendFile('index.html');
  const cookies = request.method === 'GET' ? parseCookies(request.headers.cookie ?? '') : {};
  const token = cookies[NAVIGATION_COOKIE];
  if (!token || !String(request.headers.accept ?? '').includes('text/html')) return plain();
  const [pathname = '', search = ''] = request.url.split(/\?(.*)/s);
  let answers: Map<string, string> | null;
  const started = performance.now();
  try {
    answers = await firstAnswers(app, request, token, pathname, search ? `?${search}` : '');
  } catch (error) {
    // The page still loads, and asks for its calls itself.
    request.log.error({ err: error }, 'answering the first calls of a page load failed');
    return plain();
  }
  if (answers === null) {
    void reply.header('set-cookie', clearedCookie(request));
    return plain();
  }
  if (answers.size === 0) return plain();
  const answered = performance.now();
  const template = await readFile(join(web.dist, 'index.html'), 'utf8');
  const drawing = performance.now();
  const drawn = await drawnPage(web.renderer, request, token, answers, cookies);
  const page = drawn === null ? template : withDrawnRoot(template, drawn.markup, drawn.view);
  const steps: Steps = [['answers', answered - started]];
  if (drawn !== null) steps.push(['draw', performance.now() - drawing]);
  return sendPersonal(request, reply, withAnswers(page, answers, sessionTag(token)), steps);
}

/**
 * The page's markup drawn on the server from its answers (the signed-in dashboard, a live widget page), for the
 * browser to show before its scripts run and then hydrate, with the window it was drawn for (FILL_COOKIE: the
 * browser's last report, or none); null when there is nothing to draw (another page, no renderer, no usable zone
 * cookie: the server would draw dates in a zone the browser does not show) or drawing failed.
 */
async function drawnPage(
  renderer: PageRenderer | null,
  request: FastifyRequest,
  token: string,
  answers: ReadonlyMap<string, string>,
  cookies: Record<string, string | undefined>,
): Promise<{ markup: string; view: FillView | null } | null> {
  const zone = parseZoneCookie(cookies[ZONE_COOKIE]);
  if (!renderer || !zone || !isTimeZone(zone.timeZone)) return null;
  try {
    const url = `${request.protocol}://${request.host}${request.url}`;
    const view = parseFillCookie(cookies[FILL_COOKIE]);
    const markup = await renderer.render({ url, token, answers, ...zone, fill: view });
    return markup === null ? null : { markup, view };
  } catch (error) {
    request.log.error({ err: error }, 'drawing a page on the server failed; the browser draws it');
    return null;
  }
}

const EMPTY_ROOT = '<div id="root"></div>';
/** The meta tag in which the web build names the signed-in pages' files (apps/web/src/lib/signed-in-scripts.ts). */
export const SIGNED_IN_FILES_META = 'portal-signed-in-scripts';
const SIGNED_IN_FILES = new RegExp(`<meta name="${SIGNED_IN_FILES_META}" content="([^"]*)"`);

/**
 * The template with `markup` in its root element, marked as drawn by the server, and the signed-in pages'
 * stylesheets linked in its head: the browser would load them with those pages' scripts, after the first paint,
 * and the drawn cards would show unstyled until then. (The scripts find them linked and do not load them again.)
 */
export function withDrawnRoot(template: string, markup: string, view: FillView | null = null): string {
  if (!template.includes(EMPTY_ROOT)) return template;
  const styles = (SIGNED_IN_FILES.exec(template)?.[1] ?? '')
    .split(' ')
    .filter((file) => file.endsWith('.css'));
  const links = styles
    .map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`)
    .join('');
  const styled = links ? template.replace('</head>', () => `${links}</head>`) : template;
  // The window it was drawn for, so the browser hydrates it as drawn (apps/web/src/lib/hydration-state.ts).
  const drawnFor = view ? ` ${DRAWN_VIEW_ATTRIBUTE}="${escapeAttribute(formatFillCookie(view))}"` : '';
  return styled.replace(
    EMPTY_ROOT,
    () => `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}${drawnFor}>${markup}</div>`,
  );
}

/**
 * Sets the cookie on every sign-in's answer, and clears it on sign-out (whatever the sign-out's outcome). The hooks
 * are put on those routes alone, so no other call pays for them.
 */
export const navigationSessionPlugin = fp(
  async (app: FastifyInstance) => {
    const maxAge = app.config.sessionMaxHours * 3600;
    const setCookie: preSerializationAsyncHookHandler<unknown> = async (request, reply, payload) => {
      if (
        reply.statusCode === 200 &&
        typeof payload === 'object' &&
        payload !== null &&
        'token' in payload &&
        typeof payload.token === 'string'
      ) {
        void reply.header(
          'set-cookie',
          serializeCookie(NAVIGATION_COOKIE, payload.token, cookieOptions(request, maxAge)),
        );
      }
      return payload;
    };
    const clearCookie: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
      void reply.header('set-cookie', clearedCookie(request));
      return payload;
    };
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat();
      if (!methods.includes('POST')) return;
      if (SIGN_IN_ROUTES.has(route.url)) {
        route.preSerialization = [route.preSerialization ?? []].flat().concat(setCookie);
      } else if (route.url === SIGN_OUT_ROUTE) {
        route.onSend = [route.onSend ?? []].flat().concat(clearCookie);
      }
    });
  },
  { name: 'navigation-session' },
);
