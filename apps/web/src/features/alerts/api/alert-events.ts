import { type AlertEvent, type AnyAlert, isArchivedAlert } from '@portal/domain';
import type { InfiniteData, Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { type AlertListParams, alertKeys } from './alert-keys.ts';
import type { AlertPage } from './get-alert-list.ts';

/** What a list query's key says about the list: its params (4th element of list and poll keys). */
function paramsOf(queryKey: QueryKey): AlertListParams {
  const params = queryKey[3];
  return typeof params === 'object' && params !== null ? (params as AlertListParams) : {};
}

/** Whether a list's facility narrowing (if it has one) takes alerts of this facility. */
function facilityAdmits(params: AlertListParams, facId: number): boolean {
  return !params.facilityIds || params.facilityIds.length === 0 || params.facilityIds.includes(facId);
}

/** Whether a list with these params shows the alert: live vs archive, and its facility narrowing if any. */
export function listAdmits(params: AlertListParams, alert: AnyAlert, facId: number): boolean {
  return Boolean(params.archived) === isArchivedAlert(alert) && facilityAdmits(params, facId);
}

/** One list's pages as one sequence, with how to put them back; an unpaged poll is a single page. */
interface Pages {
  pages: AlertPage[];
  /** All rows of the list are loaded (no further page on the server). */
  complete: boolean;
}

interface Outcome {
  pages: AlertPage[];
  changed: boolean;
}

/**
 * Reconciles one list with the alert after the change:
 * - shown and still admitted: replaced in place (status, read state, discussion, bubble);
 * - shown but no longer admitted (archived, un-archived, moved facility): removed, total down by one;
 * - not shown but admitted by a live list and turned unread: put on top (unread rows come first), total as it was;
 * - not shown but admitted by a live list: put on top, total up by one, when it is new (`alert.created`) or
 *   when the list is wholly loaded (so it cannot be on a page not fetched yet, e.g. an un-archived alert);
 *   archive lists never take rows this way (their date range is the server's to apply), they are marked stale;
 * - archived while on a page not fetched yet: total down by one.
 */
function reconcile(
  { pages, complete }: Pages,
  event: AlertEvent,
  alert: AnyAlert | undefined,
  admitted: boolean,
  wasAdmitted: boolean,
  mayInsert: boolean,
): Outcome {
  const id = event.alertId;
  const shown = pages.some((page) => page.alerts.some((row) => row._internalID === id));
  const withCount = (delta: number) =>
    pages.map((page) => ({ ...page, count: Math.max(0, page.count + delta) }));

  if (shown && alert && admitted) {
    return {
      changed: true,
      pages: pages.map((page) => ({
        ...page,
        alerts: page.alerts.map((row) => (row._internalID === id ? { ...row, ...alert } : row)),
      })),
    };
  }
  if (shown) {
    return {
      changed: true,
      pages: withCount(-1).map((page) => ({
        ...page,
        alerts: page.alerts.filter((row) => row._internalID !== id),
      })),
    };
  }
  // An alert turned unread belongs among the unread rows, which every list shows first (spec 1, section 4) and
  // which a list holds whole once it has loaded any read row: on top, its total unchanged (it was counted). A list
  // still loading its unread rows may find it further down too; 'Show N more...' then keeps this copy.
  if (alert && admitted && mayInsert && event.kind === 'read.changed' && alert.readByFaci === false) {
    const [first, ...rest] = pages;
    if (!first) return { changed: false, pages };
    return { changed: true, pages: [{ ...first, alerts: [alert, ...first.alerts] }, ...rest] };
  }
  if (alert && admitted && mayInsert && (event.kind === 'alert.created' || complete)) {
    const [first, ...rest] = withCount(1);
    if (!first) return { changed: false, pages };
    return { changed: true, pages: [{ ...first, alerts: [alert, ...first.alerts] }, ...rest] };
  }
  if (!admitted && wasAdmitted && !complete && event.kind === 'alert.archived') {
    return { changed: true, pages: withCount(-1) };
  }
  return { changed: false, pages };
}

// Writing keeps each query's dataUpdatedAt: the 'Updated' age stays the time of the last whole load (an event
// touches one row, not the list), and the list/poll merge in useAlertList, which compares the two times, keeps
// working as it did.
function keepAge<T>(queryClient: QueryClient, query: Query, data: T) {
  queryClient.setQueryData(query.queryKey, data, { updatedAt: query.state.dataUpdatedAt });
}

/** Applies the event to one cached query: a list (all its pages), a first-page poll or a detail. */
function applyToQuery(queryClient: QueryClient, query: Query, event: AlertEvent, isReplay: boolean): void {
  const { alert, facId } = event;
  const kind = query.queryKey[2];
  if (kind === 'detail') {
    const data = query.state.data as AnyAlert | undefined;
    if (!data || data._internalID !== event.alertId) return;
    if (alert) queryClient.setQueryData(query.queryKey, { ...data, ...alert });
    else void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
    return;
  }
  if (kind !== 'list' && kind !== 'poll') return;
  const params = paramsOf(query.queryKey);
  const admitted = alert !== undefined && listAdmits(params, alert, facId);
  // A replay cannot tell whether the fresh answer already counted the change, so it takes no blind count step.
  const wasAdmitted = !isReplay && !params.archived && facilityAdmits(params, facId);
  if (kind === 'list') {
    const data = query.state.data as InfiniteData<AlertPage> | undefined;
    if (!data || data.pages.length === 0) return;
    const pages = { pages: data.pages, complete: data.pages.at(-1)?.nextPage === null };
    const outcome = reconcile(pages, event, alert, admitted, wasAdmitted, !params.archived);
    if (outcome.changed) keepAge(queryClient, query, { ...data, pages: outcome.pages });
    return;
  }
  const data = query.state.data as AlertPage | undefined;
  if (!data) return;
  const pages = { pages: [data], complete: data.nextPage === null };
  const outcome = reconcile(pages, event, alert, admitted, wasAdmitted, !params.archived);
  const [page] = outcome.pages;
  if (outcome.changed && page) keepAge(queryClient, query, page);
}

/**
 * A fetch already on its way when the event came may answer what the server had before the change and undo the
 * patch (for the widgets with no refresh schedule, until the user refreshes): the event is applied again to
 * that query's answer once it lands.
 */
function applyAgainAfterFetch(queryClient: QueryClient, query: Query, event: AlertEvent): void {
  const unsubscribe = queryClient.getQueryCache().subscribe((notice) => {
    if (notice.query !== query) return;
    if (notice.type === 'removed') {
      unsubscribe();
      return;
    }
    if (notice.type !== 'updated') return;
    const { action } = notice;
    if (action.type === 'success') {
      // Our own writes (this event's or another's) are not the answer being waited for.
      if (action.manual) return;
      unsubscribe();
      applyToQuery(queryClient, query, event, true);
    } else if (query.state.fetchStatus === 'idle') {
      // Failed or cancelled: nothing to apply again.
      unsubscribe();
    }
  });
}

/**
 * Brings every cached copy of the event's alert up to date (lists, first-page polls, details) without fetching
 * a list. Archive lists the change concerns are only marked stale: they load again when next shown or refreshed.
 */
export function applyAlertEvent(queryClient: QueryClient, event: AlertEvent): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: alertKeys.widget(event.widget) })) {
    const isFetching = query.state.fetchStatus === 'fetching';
    applyToQuery(queryClient, query, event, false);
    if (isFetching) applyAgainAfterFetch(queryClient, query, event);
  }
  if (event.kind === 'alert.archived') {
    void queryClient.invalidateQueries({
      queryKey: alertKeys.lists(event.widget),
      predicate: (query) => Boolean(paramsOf(query.queryKey).archived),
      refetchType: 'none',
    });
  }
}

/** `event: reset`: too much was missed to replay, so every alert query loads again (the active ones now). */
export function resetAlertCaches(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['alerts'] });
}
