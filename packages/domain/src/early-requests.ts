/**
 * The calls a page makes first, named once for both sides: the web app's boot script starts them before the rest
 * of the app has run (apps/web/src/lib/early-requests.ts), and the server answers them inside the page's HTML when
 * the navigation carries the session (apps/server/src/platform/navigation-data.ts). Both must name a call by the
 * URL the page will ask for, byte for byte, or the page asks again. Zod-free: it is part of the boot script.
 */
import { API_BASE, ENDPOINTS, PAGE_LIMIT } from './endpoints.ts';
import { FACILITY_FILTER_PARAM, facilityFilterIds } from './facility-filter.ts';
import { LIST_SORT_ORDER_PARAM, LIST_SORT_PARAM, type ListSort, listSortOf } from './list-sort.ts';
import { WIDGETS, type WidgetKey, widgetByPath } from './widgets.ts';

// Global in browsers and in Node; this package is compiled without either's types, so the part used is declared.
declare const URLSearchParams: new (
  init?: string,
) => {
  append(name: string, value: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  toString(): string;
};

/** A query string value: repeated keys for arrays, left out when undefined. */
export type QueryValue = string | number | boolean | readonly (string | number)[] | undefined;

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

/** What a list's first page is asked for beyond the widget: the facilities it is narrowed to, and its sort. */
export interface ListNarrowing {
  readonly facilityIds?: readonly number[];
  /** Null or absent: the widget's default sort. */
  readonly sort?: ListSort | null;
}

/**
 * The URL of a list's first page as a card or a widget page asks for it (live), sorted and narrowed as the page's
 * address says, if it does (the web app's get-alert-list.ts builds the same query, in the same order: sort,
 * sortOrder, limit, then facilityIds).
 */
export const firstPageUrl = (listCall: string, { facilityIds = [], sort = null }: ListNarrowing = {}) =>
  buildUrl(API_BASE, listCall, {
    sort: sort?.column,
    sortOrder: sort?.order,
    limit: PAGE_LIMIT,
    facilityIds: facilityIds.length > 0 ? facilityIds : undefined,
  });

/** The session check every signed-in page makes first. */
export const TOKEN_INFO_URL = buildUrl(API_BASE, ENDPOINTS.tokenInfo, undefined);

/** The viewer's facilities, as a widget page asks for them first (its filter, and its address's narrowing). */
export const FACILITIES_URL = buildUrl(API_BASE, ENDPOINTS.facilities, undefined);

/** The pages whose first calls are started early: the dashboard, and a widget page's live list. */
export type EarlyPage =
  | { kind: 'dashboard' }
  | { kind: 'widget'; widgetKey: WidgetKey; facilityIds: number[]; sort: ListSort | null };

/** Which page an address is, for its early calls (the paths compared as the client router compares them). */
export function earlyPageOf(pathname: string, search = ''): EarlyPage | null {
  const path = pathname.replace(/\/+$/, '').toLowerCase();
  if (path === '/dashboard' || path === '') return { kind: 'dashboard' };
  if (!path.startsWith('/alerts/') || path.endsWith('/archive')) return null;
  const widget = widgetByPath(path.slice('/alerts/'.length));
  if (!widget) return null;
  const params = new URLSearchParams(search);
  const facilityIds = facilityFilterIds(params.getAll(FACILITY_FILTER_PARAM));
  const sort = listSortOf(widget, params.get(LIST_SORT_PARAM), params.get(LIST_SORT_ORDER_PARAM));
  return { kind: 'widget', widgetKey: widget.key, facilityIds, sort };
}

/**
 * The GETs a page makes as it loads, after the session check (TOKEN_INFO_URL): the live first page of each of the
 * dashboard's widgets (`dashboardKeys`, the ones it shows), or the widget page's facilities and its first page,
 * sorted and narrowed as its address says.
 */
export function earlyUrls(page: EarlyPage, dashboardKeys: readonly WidgetKey[]): string[] {
  if (page.kind === 'dashboard') {
    const keys = new Set(dashboardKeys);
    return WIDGETS.filter((w) => keys.has(w.key)).map((w) => firstPageUrl(w.listCall));
  }
  const widget = WIDGETS.find((w) => w.key === page.widgetKey);
  if (!widget) return [];
  return [FACILITIES_URL, firstPageUrl(widget.listCall, page)];
}

/** The attribute of the HTML's data blocks naming the call each one answers. */
export const EARLY_ANSWER_ATTRIBUTE = 'data-early-url';
/** The attribute naming the session the answers belong to (the end of its token: see earlyTokenTag). */
export const EARLY_TAG_ATTRIBUTE = 'data-early-session';

/**
 * What ties answers put in a page's HTML to the session they were made for: the first 32 hex digits of the SHA-256
 * of this prefix and the session's token. The page takes them only when its own stored token gives the same (a page
 * whose token changed since, or a browser whose cookie and storage disagree, asks for itself). It is not the check
 * of who may see them (the server answered them for the session whose token came with the navigation, as it answers
 * any call), and it gives nothing of the token away.
 */
export const EARLY_TAG_PREFIX = 'portal-early:';
/** Hex digits of the tag (128 bits). */
export const EARLY_TAG_LENGTH = 32;

/**
 * On the root element of a page the server drew (the signed-in dashboard): the browser hydrates that markup
 * instead of drawing the page anew.
 */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/**
 * The event the web app dispatches on its document once its first render is committed (a page the server drew is
 * then the app's own): the boot script gives it the click it held meanwhile (apps/web/src/lib/early-clicks.ts).
 */
export const APP_LIVE_EVENT = 'portal:app-live';

/**
 * The cookie in which the boot script keeps the browser's locale and time zone (`en-US America/Chicago`), so the
 * server draws dates as the browser shows them. Not a secret, and readable by the page's own scripts.
 */
export const ZONE_COOKIE = 'portal_zone';

/** The locale and time zone of a ZONE_COOKIE value; null when it is not two well-formed names. */
export function parseZoneCookie(value: string | undefined): { locale: string; timeZone: string } | null {
  const match = /^([A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8})*) ([A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*)$/.exec(
    value ?? '',
  );
  return match?.[1] && match[2] ? { locale: match[1], timeZone: match[2] } : null;
}

/**
 * The cookie in which the web app keeps its window's size and, for that width, what each page that fits a table to
 * the window measured of the rest of the page (apps/web/src/features/alerts/hooks/use-fill-height.ts): so the
 * server draws a widget page's table at the height the browser will give it, and the table does not grow under the
 * nurse's eyes once the app has taken the page over. Numbers and layout names only; readable by the page's scripts.
 */
export const FILL_COOKIE = 'portal_fill';

/** The window's size and, at its width, each layout's measured rest (px), as FILL_COOKIE holds them. */
export interface FillView {
  readonly width: number;
  readonly height: number;
  readonly rests: Readonly<Record<string, number>>;
}

/** Layouts kept in the cookie, at most: a widget page and its archive for each widget, with room to spare. */
const FILL_MAX_LAYOUTS = 32;
const FILL_LAYOUT = /^[\w:-]{1,64}$/;
const isPixels = (value: number) => Number.isInteger(value) && value >= 0 && value <= 100_000;
/** A rest is measured from the layout, to a hundredth of a pixel (use-fill-height.ts rounds it so). */
const isRest = (value: number) => Number.isFinite(value) && value >= 0 && value <= 100_000;

/** FILL_COOKIE's value (before URI encoding): `1920x1080 layout=rest layout=rest`. */
export function formatFillCookie(view: FillView): string {
  const rests = Object.entries(view.rests)
    .filter(([layout, rest]) => FILL_LAYOUT.test(layout) && isRest(rest))
    .slice(-FILL_MAX_LAYOUTS)
    .map(([layout, rest]) => `${layout}=${rest}`);
  return [`${view.width}x${view.height}`, ...rests].join(' ');
}

/** The view a FILL_COOKIE value names; null when its size is not well formed (ill-formed layouts are dropped). */
export function parseFillCookie(value: string | undefined): FillView | null {
  const [size = '', ...entries] = (value ?? '').split(' ');
  const match = /^(\d{1,6})x(\d{1,6})$/.exec(size);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  if (!isPixels(width) || !isPixels(height)) return null;
  const rests: Record<string, number> = {};
  for (const entry of entries.slice(0, FILL_MAX_LAYOUTS)) {
    const at = entry.lastIndexOf('=');
    const layout = entry.slice(0, at);
    const rest = Number(entry.slice(at + 1));
    if (at > 0 && FILL_LAYOUT.test(layout) && isRest(rest) && layout !== '__proto__') rests[layout] = rest;
  }
  return { width, height, rests };
}

/**
 * On the root element of a page the server drew, the view it drew for (a FILL_COOKIE value): the browser hydrates
 * the page as drawn for that window (its layout and fitted heights), then takes its own window's.
 */
export const DRAWN_VIEW_ATTRIBUTE = 'data-drawn-view';
