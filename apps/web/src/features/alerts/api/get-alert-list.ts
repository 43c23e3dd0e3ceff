import {
  type AnyAlert,
  AnyAlertSchema,
  PAGE_LIMIT,
  PagedAlertListSchema,
  unpagedAlertListSchema,
  WIDGETS,
  type Widget,
} from '@portal/domain';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client.ts';
import { firstPageUrl, isEarlyStarted } from '@/lib/early-requests.ts';
import { getToken } from '@/lib/session-store.ts';
import { localTimeZone } from '@/lib/time-zone.ts';
import { type AlertListParams, alertKeys } from './alert-keys.ts';

/** One page of any widget's list, whatever key the answer carries it under. */
export interface AlertPage {
  alerts: AnyAlert[];
  cursor: string | null;
  count: number;
  nextPage: number | null;
  timeStamp: string;
  /**
   * When this browser received the page (Date.now()). A list's next pages and the patches of read marks and live
   * updates move the query's dataUpdatedAt but not its first page's receivedAt, which says how fresh the first
   * page is against the poll's.
   */
  receivedAt?: number;
}

const AlertArraySchema = z.array(AnyAlertSchema);

/** `GET {listCall}`: one page of a widget's alerts (widgets.md, "API"). */
export async function getAlertPage(
  widget: Widget,
  params: AlertListParams,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AlertPage> {
  const query = {
    sort: params.sort,
    sortOrder: params.sortOrder,
    archived: params.archived ? 'true' : undefined,
    from: params.archived ? params.from || undefined : undefined,
    to: params.archived ? params.to || undefined : undefined,
    // From and To are the user's calendar days: an alert raised in the evening stays on that evening's date.
    tz: params.archived && (params.from || params.to) ? localTimeZone() : undefined,
    cursor: cursor ?? undefined,
    limit: PAGE_LIMIT,
    facilityIds: params.facilityIds?.length ? [...params.facilityIds] : undefined,
  };
  return alertPageOf(widget, await apiRequest(z.unknown(), widget.listCall, { query, signal }));
}

/** One page of a widget's list from its answer (the paged widgets' `results`, the others' own list key). */
export function alertPageOf(widget: Widget, json: unknown, receivedAt = Date.now()): AlertPage {
  if (widget.paged) {
    const answer = PagedAlertListSchema.parse(json);
    return { ...answer, alerts: answer.results, receivedAt };
  }
  const answer = unpagedAlertListSchema(widget.listKey).parse(json);
  return {
    receivedAt,
    alerts: AlertArraySchema.parse(answer[widget.listKey]),
    cursor: z.string().nullable().parse(answer.cursor),
    count: z.number().parse(answer.count),
    nextPage: z.number().nullable().parse(answer.nextPage),
    timeStamp: z.string().parse(answer.timeStamp),
  };
}

/**
 * One page of a widget's list from an answer the server's own list route made for this very page load, as the
 * server draws a page (ssr/entry-server.tsx): the shape alertPageOf gives, without checking every alert again.
 * That check was a third of the server's time to draw a dashboard (~24 of ~80 ms for 11 full cards), spent on
 * JSON its own routes had written a moment before; the browser still checks the same answers with alertPageOf
 * before it hydrates (app/hydration.ts), and draws the page itself if they do not pass. The alert schemas hold no
 * transform or default, so both give the same alerts.
 */
export function ownAlertPageOf(
  widget: Widget,
  answer: Record<string, unknown>,
  receivedAt: number,
): AlertPage {
  const { cursor, count, nextPage, timeStamp } = answer as Omit<AlertPage, 'alerts'>;
  const alerts = answer[widget.paged ? 'results' : widget.listKey];
  if (!Array.isArray(alerts)) throw new Error(`the ${widget.key} answer holds no list`);
  return { alerts: alerts as AnyAlert[], cursor, count, nextPage, timeStamp, receivedAt };
}

/** The pages of a widget's list, 100 at a time by cursor ('Show N more...'). */
export function alertListQuery(widget: Widget, params: AlertListParams) {
  return infiniteQueryOptions({
    queryKey: alertKeys.list(widget.key, params),
    queryFn: ({ pageParam, signal }) => getAlertPage(widget, params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: AlertPage) => (last.nextPage !== null && last.cursor ? last.cursor : undefined),
    staleTime: 30_000,
  });
}

/** The first page alone, for the paged widgets' background poll (spec 1, section 4). */
export function alertPollQuery(widget: Widget, params: AlertListParams) {
  return queryOptions({
    queryKey: alertKeys.poll(widget.key, params),
    queryFn: ({ signal }) => getAlertPage(widget, params, null, signal),
  });
}

/**
 * Puts the lists the boot script started (lib/early-requests.ts: the dashboard's cards, or a widget page's list)
 * into the query cache as their answers arrive, under the key the card or page asks first (default sort, live,
 * first page). Called by the dashboard's and the widget page's lazy route loaders, which run while the session
 * check is still on its way: the answers are parsed while the main thread would wait, and a card whose list is in
 * mounts with its rows in the shell's render instead of a spinner and one more render (and layout) per card.
 * Lists not started at boot are left to their cards, as before; failures stay in the query for the card to show.
 */
export function prefetchEarlyLists(queryClient: QueryClient): void {
  const bearer = getToken();
  for (const widget of WIDGETS) {
    if (isEarlyStarted(firstPageUrl(widget.listCall), bearer)) {
      void queryClient.prefetchInfiniteQuery(alertListQuery(widget, {}));
    }
  }
}
