import {
  API_BASE,
  ENDPOINTS,
  FACILITY_FILTER_PARAM,
  facilityFilterIds,
  PAGE_LIMIT,
  TOKEN_STORAGE_KEY,
  WIDGETS,
  type WidgetKey,
  widgetByPath,
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

/** A query string value: repeated keys for arrays, left out when undefined. */
export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;

/** How long an unclaimed early answer may still be taken (a page that never asks drops it). */
const KEEP_MS = 15_000;
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

/** The URL of a call: base, path and query (repeated keys for arrays, undefined values left out). */
export function buildUrl(base: string, path: string, query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined) continue;
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) params.append(key, String(v));
  }
  const search = params.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

const keyOf = (url: string, bearer: string) => `${bearer} ${url}`;

/** Starts a GET now; a later `takeEarly` with the same URL and bearer answers it. */
function startEarly(url: string, bearer: string): void {
  const answer = fetch(url, {
    method: 'GET',
    headers: { accept: 'application/json', authorization: `Bearer ${bearer}` },
  }).then(async (response) => ({ response, text: response.ok ? await response.text() : null }));
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

/**
 * The URL of a list's first page as a card or a widget page asks for it (default sort, live), narrowed to the
 * facilities the page's address names, if any (get-alert-list.ts builds the same query: limit, then facilityIds).
 */
export const firstPageUrl = (listCall: string, facilityIds: readonly number[] = []) =>
  buildUrl(API_BASE, listCall, {
    limit: PAGE_LIMIT,
    facilityIds: facilityIds.length > 0 ? facilityIds : undefined,
  });

/**
 * Starts the early requests of the page being loaded: on any load with a stored token, the signed-in area's
 * scripts (preloaded, not run); then tokeninfo, and the live first page of the dashboard's widgets or of the
 * widget page's widget. Anything else (no token, other pages, archives) starts no list request.
 *
 * A widget page also gets its facilities early (its facility filter, and the check of the facilities its address
 * names), and its list narrowed as the address says, read by the rule the page reads it by
 * (`facilityFilterIds`): the page asks for exactly that URL when the viewer sees every facility named, and takes
 * this answer; when it drops one the viewer cannot see, it asks for another URL, and this answer is never taken.
 * An early answer is only ever taken for the URL it was asked for, so a narrowed page never shows the rows of all
 * facilities, nor all facilities' rows a narrowed one.
 */
export function startEarlyRequests(pathname: string, search = ''): void {
  const bearer = storedToken();
  if (!bearer) return;
  preloadSignedInScripts();
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  let firstPages: string[] = [];
  let isWidgetPage = false;
  if (path === '/dashboard' || path === '') {
    const keys = new Set(dashboardWidgetKeys());
    firstPages = WIDGETS.filter((w) => keys.has(w.key)).map((w) => firstPageUrl(w.listCall));
  } else if (path.startsWith('/alerts/') && !path.endsWith('/archive')) {
    const widget = widgetByPath(path.slice('/alerts/'.length));
    if (widget) {
      isWidgetPage = true;
      const facilityIds = facilityFilterIds(new URLSearchParams(search).getAll(FACILITY_FILTER_PARAM));
      firstPages = [firstPageUrl(widget.listCall, facilityIds)];
    }
  } else {
    return;
  }
  startEarly(buildUrl(API_BASE, ENDPOINTS.tokenInfo, undefined), bearer);
  if (isWidgetPage) startEarly(buildUrl(API_BASE, ENDPOINTS.facilities, undefined), bearer);
  for (const url of firstPages) startEarly(url, bearer);
}
