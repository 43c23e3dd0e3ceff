import {
  buildUrl,
  EARLY_ANSWER_ATTRIBUTE,
  EARLY_TAG_ATTRIBUTE,
  EARLY_TAG_LENGTH,
  EARLY_TAG_PREFIX,
  earlyPageOf,
  earlyUrls,
  firstPageUrl,
  type QueryValue,
  TOKEN_INFO_URL,
  TOKEN_STORAGE_KEY,
  WIDGETS,
  type WidgetKey,
  ZONE_COOKIE,
} from '@portal/domain';
import { preloadSignedInScripts } from './signed-in-scripts.ts';

/**
 * Requests started as the app boots, before React, the route chunks and the session check have run: on a
 * signed-in load of the dashboard or a widget page, the session check (tokeninfo) and the first page of each
 * list the page will ask for are fetched at once instead of one after the other (bench/README.md, "Browser").
 * `apiRequest` takes an early answer when it asks for the same URL with the same bearer; nothing else changes:
 * the answer goes through the same status checks, 401 handling and schema parsing as a late one.
 *
 * This module is imported first by main.tsx and imports only the domain catalogue, so it runs before the rest
 * of the main chunk is evaluated.
 */

/** How long an unclaimed early answer may still be taken (a page that never asks drops it). */
const KEEP_MS = 15_000;

export { buildUrl, firstPageUrl, type QueryValue };

/** Remembered widget keys of the last dashboard shown (the user's visible widgets, in order). */
export const DASHBOARD_WIDGETS_KEY = 'portal.dashboardWidgets';

/**
 * An early answer: the response, and its body already read when it is a success. Reading the body as soon as it
 * arrives (while the app is still booting) lets every card that takes one finish in the same task it mounts in,
 * so the dashboard's cards are rendered and laid out together instead of one task (and one frame) each.
 */
export interface EarlyAnswer {
  response: Response;
  /** The body of a 2xx answer; null for any other (its caller reads the error body itself). */
  text: string | null;
}

const early = new Map<string, { answer: Promise<EarlyAnswer>; at: number }>();

const keyOf = (url: string, bearer: string) => `${bearer} ${url}`;

/** A GET made now, its body read as soon as it arrives when it is a success. */
function fetchEarly(url: string, bearer: string): Promise<EarlyAnswer> {
  return fetch(url, {
    method: 'GET',
    headers: { accept: 'application/json', authorization: `Bearer ${bearer}` },
  }).then(async (response) => ({ response, text: response.ok ? await response.text() : null }));
}

/** Keeps an early answer where a later `takeEarly` with the same URL and bearer finds it, for KEEP_MS. */
function keepEarly(url: string, bearer: string, answer: Promise<EarlyAnswer>): void {
  // Unclaimed failures are not the page's business: the call made later reports its own.
  answer.catch(() => undefined);
  const key = keyOf(url, bearer);
  const entry = { answer, at: performance.now() };
  early.set(key, entry);
  // Unclaimed (a hidden card, a 401 that signed the user out): let the answer go.
  setTimeout(() => {
    if (early.get(key) === entry) early.delete(key);
  }, KEEP_MS);
}

/** Starts a GET now; a later `takeEarly` with the same URL and bearer answers it. */
function startEarly(url: string, bearer: string): void {
  keepEarly(url, bearer, fetchEarly(url, bearer));
}

/** The early answer to this GET, once; undefined when none was started (or it is too old). */
export function takeEarly(url: string, bearer: string | null): Promise<EarlyAnswer> | undefined {
  if (!bearer || early.size === 0) return undefined;
  const key = keyOf(url, bearer);
  const entry = early.get(key);
  if (!entry) return undefined;
  early.delete(key);
  return performance.now() - entry.at <= KEEP_MS ? entry.answer : undefined;
}

/** Whether a GET was started at boot for this URL and bearer and is still waiting to be taken. */
export function isEarlyStarted(url: string, bearer: string | null): boolean {
  return bearer !== null && early.has(keyOf(url, bearer));
}

function storedToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Remembers the widgets the dashboard showed (their keys, comma-separated), so the next load fetches exactly
 * those lists early.
 */
export function rememberDashboardWidgets(keys: string): void {
  try {
    window.localStorage.setItem(DASHBOARD_WIDGETS_KEY, keys);
  } catch {
    // Storage unavailable: the next load fetches every widget's list early, as on a first visit.
  }
}

function dashboardWidgetKeys(): WidgetKey[] {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(DASHBOARD_WIDGETS_KEY);
  } catch {
    stored = null;
  }
  // First visit: every widget (the default settings show all of them).
  if (stored === null) return WIDGETS.map((w) => w.key);
  const wanted = new Set(stored.split(','));
  return WIDGETS.filter((w) => wanted.has(w.key)).map((w) => w.key);
}

/** Answers put in the page's HTML, by URL, and the session tag they were made for. */
interface Embedded {
  answers: Map<string, string>;
  tag: string | null;
}

/**
 * The answers the server put in the page's HTML (platform/navigation-data.ts): each a data block with the answer's
 * JSON text and the tag of the session it was made for. Read once; the blocks hold patient data, so they leave
 * the page's markup as they are read, taken or not.
 */
function embeddedAnswers(): Embedded {
  const answers = new Map<string, string>();
  let tag: string | null = null;
  for (const block of document.querySelectorAll<HTMLScriptElement>(`script[${EARLY_ANSWER_ATTRIBUTE}]`)) {
    const url = block.getAttribute(EARLY_ANSWER_ATTRIBUTE);
    const blockTag = block.getAttribute(EARLY_TAG_ATTRIBUTE);
    if (url && blockTag && (tag === null || tag === blockTag)) {
      tag = blockTag;
      answers.set(url, block.text);
    }
    block.remove();
  }
  return { answers, tag };
}

/** Whether `tag` is this token's session tag (EARLY_TAG_PREFIX); false where the page cannot hash (no secure context). */
async function isSessionTag(bearer: string, tag: string): Promise<boolean> {
  if (!globalThis.crypto?.subtle) return false;
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(`${EARLY_TAG_PREFIX}${bearer}`),
  );
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return hex.slice(0, EARLY_TAG_LENGTH) === tag;
}

/**
 * Puts an answer the page already holds where `takeEarly` finds it, as if it had been fetched: once `isOwn` says it
 * was made for this page's session; otherwise the call is made now, like any early request.
 */
function holdEarly(url: string, bearer: string, text: string, isOwn: Promise<boolean>): void {
  const answer = isOwn.then((own) =>
    own
      ? {
          response: new Response(null, { status: 200, headers: { 'content-type': 'application/json' } }),
          text,
        }
      : fetchEarly(url, bearer),
  );
  keepEarly(url, bearer, answer);
}

/**
 * Starts the early requests of the page being loaded: on any load with a stored token, the signed-in area's
 * scripts (preloaded, not run); then tokeninfo, and the live first page of the dashboard's widgets or of the
 * widget page's widget. Anything else (no token, other pages, archives) starts no list request. A call the server
 * already answered in the page's HTML (a navigation that carried the session) is not made again: its answer is
 * taken from there.
 *
 * A widget page also gets its facilities early (its facility filter, and the check of the facilities its address
 * names), and its list narrowed as the address says, read by the rule the page reads it by
 * (`facilityFilterIds`): the page asks for exactly that URL when the viewer sees every facility named, and takes
 * this answer; when it drops one the viewer cannot see, it asks for another URL, and this answer is never taken.
 * An early answer is only ever taken for the URL it was asked for, so a narrowed page never shows the rows of all
 * facilities, nor all facilities' rows a narrowed one.
 */
export function startEarlyRequests(pathname: string, search = ''): void {
  const embedded = embeddedAnswers();
  const bearer = storedToken();
  if (!bearer) return;
  preloadSignedInScripts();
  const page = earlyPageOf(pathname, search);
  if (!page) return;
  const isOwn = embedded.tag === null ? null : isSessionTag(bearer, embedded.tag).catch(() => false);
  // Every answer the page carries is held, also one for a card this browser did not show last time: a page the
  // server drew with it is hydrated with it (app/hydration.ts).
  const urls = new Set([
    TOKEN_INFO_URL,
    ...earlyUrls(page, dashboardWidgetKeys()),
    ...embedded.answers.keys(),
  ]);
  for (const url of urls) {
    const text = embedded.answers.get(url);
    if (text === undefined || isOwn === null) startEarly(url, bearer);
    else holdEarly(url, bearer, text, isOwn);
  }
  if (isOwn !== null) {
    const held = new Set(embedded.answers.keys());
    pageAnswers = isOwn.then((own) => (own ? held : null));
  }
}

/** The URLs whose answers came in the page's HTML, once they are known to be this session's; null otherwise. */
let pageAnswers: Promise<ReadonlySet<string> | null> = Promise.resolve(null);

/**
 * The calls the server answered inside this page's HTML for this page's own session (the answers it drew a
 * server-rendered page from); null when the page carried none, or carried another session's.
 */
export function serverAnswerUrls(): Promise<ReadonlySet<string> | null> {
  return pageAnswers;
}

/**
 * Keeps the browser's locale and time zone in a cookie (ZONE_COOKIE), so a page the server draws shows dates as
 * this browser would. A year long; SameSite=Strict like the session's.
 *
 * Called once the app has taken the page over (app/app.tsx), not by the boot: reading them is often the page's first
 * Intl call, 40-90 ms of ICU starting in Chromium here, and the boot runs while the HTML is parsed, before the first
 * paint. The app's own first drawing of a date or an amount pays that anyway; the cookie is for the next page the
 * server draws, so a moment later loses nothing.
 */
export function rememberZone(): void {
  try {
    const { locale, timeZone } = Intl.DateTimeFormat().resolvedOptions();
    const value = encodeURIComponent(`${locale} ${timeZone}`);
    const secure = window.location.protocol === 'https:' ? '; Secure' : '';
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers wards still run (Safari before 18.4); the value is encoded above.
    document.cookie = `${ZONE_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Strict${secure}`;
  } catch {
    // No cookies here: the server leaves the drawing to the browser.
  }
}
