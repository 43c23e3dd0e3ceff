import type { AnyAlert, Widget } from '@portal/domain';
import { type QueryKey, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AlertListParams } from './alert-keys.ts';
import { alertListQuery, alertPollQuery } from './get-alert-list.ts';

/** A widget's list as a table shows it: rows, total, freshness and paging. */
export interface AlertList {
  rows: AnyAlert[];
  count: number;
  /** A first page has arrived: until then (loading, or failed before any answer) `count` says nothing. */
  isLoaded: boolean;
  updatedAt: number;
  isPending: boolean;
  error: Error | null;
  hasMore: boolean;
  isFetchingMore: boolean;
  isRefreshing: boolean;
  showMore: () => void;
  refresh: () => void;
}

/**
 * The list's rows with the poll's new ones on top (by rxGuid). A first-page row the list lacks is new when it comes
 * before a row the list has; after the last of those it may be an old row moved up from a page not loaded yet (a
 * row above it archived), so it counts as new only when the list is wholly loaded.
 */
export function withPolledRows(
  listRows: AnyAlert[],
  polled: readonly AnyAlert[],
  isComplete: boolean,
): AnyAlert[] {
  const known = new Set(listRows.map((row) => row.rxGuid));
  const lastKnown = polled.findLastIndex((row) => known.has(row.rxGuid));
  const fresh = polled.filter((row, index) => !known.has(row.rxGuid) && (isComplete || index < lastKnown));
  return fresh.length > 0 ? [...fresh, ...listRows] : listRows;
}

/** Two lists' facility narrowings are the same: none in both, or the same facilities. */
export function sameFacilities(a: AlertListParams, b: AlertListParams): boolean {
  const left = a.facilityIds ?? [];
  const right = b.facilityIds ?? [];
  return left.length === right.length && left.every((id, index) => right[index] === id);
}

const paramsOfKey = (queryKey: QueryKey): AlertListParams => (queryKey[3] ?? {}) as AlertListParams;

export interface AlertListOptions {
  /** False: ask nothing yet (a widget page checking the facilities its address names); the cache still shows. */
  enabled?: boolean;
}

/**
 * The loaded pages' rows in order, each alert once. Lists put unread rows first (spec 1, section 4), so an alert
 * marked read after its page was loaded moves on the server to the read rows, maybe to a page not loaded yet, and
 * 'Show N more...' brings it again: the copy already shown (patched by the mark or its live event) stays.
 */
export function rowsOfPages(pages: readonly { alerts: readonly AnyAlert[] }[]): AnyAlert[] {
  const seen = new Set<number>();
  const rows: AnyAlert[] = [];
  for (const page of pages) {
    for (const alert of page.alerts) {
      if (seen.has(alert._internalID)) continue;
      seen.add(alert._internalID);
      rows.push(alert);
    }
  }
  return rows;
}

/**
 * A widget's list with its refresh schedule (refreshSeconds; 0 means none) and, for the paged widgets, the
 * 30-second first-page poll whose new rows (by rxGuid) are put on top. The archive is never polled.
 */
export function useAlertList(
  widget: Widget,
  params: AlertListParams,
  { enabled = true }: AlertListOptions = {},
): AlertList {
  const isLive = !params.archived;
  const list = useInfiniteQuery({
    ...alertListQuery(widget, params),
    enabled,
    // A new sort or range keeps the old rows on screen until the new ones arrive: the same alerts, reordered or
    // about to be. Other facilities' rows are not: a new facility narrowing shows none until its own arrive.
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameFacilities(paramsOfKey(previousQuery.queryKey), params) ? previous : undefined,
    // A failed list stays in its error state until the user retries (spec 1, section 8).
    refetchInterval: (query) =>
      isLive && widget.refreshSeconds > 0 && query.state.status !== 'error'
        ? widget.refreshSeconds * 1000
        : false,
  });
  const firstPage = list.data?.pages[0];
  const poll = useQuery({
    ...alertPollQuery(widget, params),
    enabled: enabled && isLive && widget.pollSeconds > 0 && firstPage !== undefined,
    initialData: firstPage,
    initialDataUpdatedAt: list.dataUpdatedAt,
    staleTime: widget.pollSeconds * 1000,
    refetchInterval: (query) => (query.state.status === 'error' ? false : widget.pollSeconds * 1000),
  });

  const listRows = useMemo(() => rowsOfPages(list.data?.pages ?? []), [list.data]);
  // The poll is newer than the list's first page, not than the list: loading 'Show N more...' or patching a read
  // mark does not make the list's first page any fresher, so the poll's new rows stay.
  const listAt = firstPage?.receivedAt ?? list.dataUpdatedAt;
  const pollAt = poll.data?.receivedAt ?? poll.dataUpdatedAt;
  const isPollNewer = poll.data !== undefined && pollAt > listAt;
  const isComplete = list.data !== undefined && !list.hasNextPage;
  const rows = useMemo(
    () => (isPollNewer && poll.data ? withPolledRows(listRows, poll.data.alerts, isComplete) : listRows),
    [listRows, poll.data, isPollNewer, isComplete],
  );

  return {
    rows,
    count: (isPollNewer ? poll.data?.count : firstPage?.count) ?? 0,
    isLoaded: firstPage !== undefined,
    updatedAt: Math.max(list.dataUpdatedAt, isPollNewer ? poll.dataUpdatedAt : 0),
    isPending: list.isPending,
    error: list.error,
    hasMore: list.hasNextPage,
    isFetchingMore: list.isFetchingNextPage,
    isRefreshing: list.isRefetching && !list.isFetchingNextPage,
    showMore: () => {
      void list.fetchNextPage();
    },
    refresh: () => {
      void list.refetch();
      if (isLive && widget.pollSeconds > 0) void poll.refetch();
    },
  };
}
