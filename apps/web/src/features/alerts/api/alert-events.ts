import { type AlertEvent, type AnyAlert, isArchivedAlert } from '@portal/domain';
import type { InfiniteData, Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { type AlertListParams, alertKeys } from './alert-keys.ts';
import type { AlertPage } from './get-alert-list.ts';

type ListParams = AlertListParams & { facilityIds?: readonly number[] };

/** What a list query's key says about the list: its params (4th element of list and poll keys). */
function paramsOf(queryKey: QueryKey): ListParams {
  const params = queryKey[3];
  return typeof params === 'object' && params !== null ? (params as ListParams) : {};
}

/** Whether a list's facility narrowing (if it has one) takes alerts of this facility. */
function facilityAdmits(params: ListParams, facId: number): boolean {
  return !params.facilityIds || params.facilityIds.length === 0 || params.facilityIds.includes(facId);
}

/** Whether a list with these params shows the alert: live vs archive, and its facility narrowing if any. */
export function listAdmits(params: ListParams, alert: AnyAlert, facId: number): boolean {
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

/**
 * Brings every cached copy of the event's alert up to date (lists, first-page polls, details) without fetching
 * a list. Archive lists the change concerns are only marked stale: they load again when next shown or refreshed.
 */
export function applyAlertEvent(queryClient: QueryClient, event: AlertEvent): void {
  const { widget, alert, facId } = event;
  const cache = queryClient.getQueryCache();
  const archiveTouched = event.kind === 'alert.archived';

  for (const query of cache.findAll({ queryKey: alertKeys.lists(widget) })) {
    const data = query.state.data as InfiniteData<AlertPage> | undefined;
    if (!data || data.pages.length === 0) continue;
    const params = paramsOf(query.queryKey);
    const admitted = alert !== undefined && listAdmits(params, alert, facId);
    const wasAdmitted = !params.archived && facilityAdmits(params, facId);
    const last = data.pages.at(-1);
    const outcome = reconcile(
      { pages: data.pages, complete: last?.nextPage === null },
      event,
      alert,
      admitted,
      wasAdmitted,
      !params.archived,
    );
    if (outcome.changed) keepAge(queryClient, query, { ...data, pages: outcome.pages });
  }

  for (const query of cache.findAll({ queryKey: alertKeys.polls(widget) })) {
    const data = query.state.data as AlertPage | undefined;
    if (!data) continue;
    const params = paramsOf(query.queryKey);
    const admitted = alert !== undefined && listAdmits(params, alert, facId);
    const wasAdmitted = !params.archived && facilityAdmits(params, facId);
    const outcome = reconcile(
      { pages: [data], complete: data.nextPage === null },
      event,
      alert,
      admitted,
      wasAdmitted,
      !params.archived,
    );
    const [page] = outcome.pages;
    if (outcome.changed && page) keepAge(queryClient, query, page);
  }

  for (const query of cache.findAll({ queryKey: alertKeys.details(widget) })) {
    const data = query.state.data as AnyAlert | undefined;
    if (!data || data._internalID !== event.alertId) continue;
    if (alert) queryClient.setQueryData(query.queryKey, { ...data, ...alert });
    else void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
  }

  if (archiveTouched) {
    void queryClient.invalidateQueries({
      queryKey: alertKeys.lists(widget),
      predicate: (query) => Boolean(paramsOf(query.queryKey).archived),
      refetchType: 'none',
    });
  }
}

/** `event: reset`: too much was missed to replay, so every alert query loads again (the active ones now). */
export function resetAlertCaches(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ['alerts'] });
}
