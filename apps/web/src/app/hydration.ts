import {
  earlyPageOf,
  FACILITIES_URL,
  firstPageUrl,
  TOKEN_INFO_URL,
  WIDGETS,
  widgetByKey,
} from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes, type RouteObject } from 'react-router';
import { alertListQuery, facilitiesQuery, firstListParams } from '@/features/alerts/first-load.ts';
import { tokenInfoQuery } from '@/features/auth/first-load.ts';
import { serverAnswerUrls } from '@/lib/early-requests.ts';
import { getToken } from '@/lib/session-store.ts';

/**
 * Gets a page the server drew (ssr/entry-server.tsx) ready to be hydrated: true when the browser's first render
 * will draw what the server drew. It needs the same session (the answers' tag is this browser's token), the
 * route modules of the address loaded before the router starts (else the router's first render is its loading
 * fallback), and the query cache holding the answers the server drew from, taken from the page's own HTML, no
 * request made. False otherwise: the caller then throws the markup away and draws the page itself.
 */
export async function prepareHydration(routes: RouteObject[], client: QueryClient): Promise<boolean> {
  const token = getToken();
  const answered = await serverAnswerUrls();
  if (!token || !answered?.has(TOKEN_INFO_URL)) return false;
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  const info = tokenInfoQuery(token);
  await Promise.all([client.prefetchQuery(info), ...listsAnswered(answered, client)]);
  return client.getQueryState(info.queryKey)?.status === 'success';
}

/**
 * The page's first answers taken into the cache, under the keys the server drew from (ssr/entry-server.tsx): the
 * dashboard's cards' lists, or a widget page's facilities and its list, sorted and narrowed as its address says.
 */
function listsAnswered(answered: ReadonlySet<string>, client: QueryClient): Promise<void>[] {
  const page = earlyPageOf(window.location.pathname, window.location.search);
  if (page?.kind !== 'widget') {
    return WIDGETS.filter((widget) => answered.has(firstPageUrl(widget.listCall))).map((widget) =>
      client.prefetchInfiniteQuery(alertListQuery(widget, {})),
    );
  }
  const widget = widgetByKey(page.widgetKey);
  if (!answered.has(firstPageUrl(widget.listCall, page))) return [];
  return [
    ...(answered.has(FACILITIES_URL) ? [client.prefetchQuery(facilitiesQuery())] : []),
    client.prefetchInfiniteQuery(alertListQuery(widget, firstListParams(page))),
  ];
}
