import type { EarlyPage, ListSort, WidgetKey } from '@portal/domain';

/** What a list call asks for, beyond paging: every input is part of the query key. */
export interface AlertListParams {
  sort?: string | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
  archived?: boolean | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Narrows to some of the viewer's facilities (a reminder email's link); none: all of them. */
  facilityIds?: readonly number[] | undefined;
}

/**
 * A list's narrowing: `facilityIds` only when it names some, since a query key hashes `{}` and `{ facilityIds: [] }`
 * apart. The widget page, the server's drawing of it and the hydration key its first list with this, so they meet.
 */
export const narrowedTo = (facilityIds: readonly number[]): AlertListParams =>
  facilityIds.length > 0 ? { facilityIds } : {};

/** A list's sort: `sort` and `sortOrder` only when it is not the widget's default (null), for the same reason. */
export const sortedBy = (sort: ListSort | null): AlertListParams =>
  sort ? { sort: sort.column, sortOrder: sort.order } : {};

/**
 * The params of a live widget page's first list, sorted and narrowed as its address says (`earlyPageOf`): the page
 * itself, the server's drawing of it and the hydration key it with this, and the boot script and the server ask
 * for its URL (`firstPageUrl` of the same page), so all of them meet.
 */
export const firstListParams = (page: Extract<EarlyPage, { kind: 'widget' }>): AlertListParams => ({
  ...sortedBy(page.sort),
  ...narrowedTo(page.facilityIds),
});

/** Query keys of the alerts feature: feature, widget, kind, then the inputs. */
export const alertKeys = {
  widget: (key: WidgetKey) => ['alerts', key] as const,
  lists: (key: WidgetKey) => ['alerts', key, 'list'] as const,
  list: (key: WidgetKey, params: AlertListParams) => ['alerts', key, 'list', params] as const,
  polls: (key: WidgetKey) => ['alerts', key, 'poll'] as const,
  poll: (key: WidgetKey, params: AlertListParams) => ['alerts', key, 'poll', params] as const,
  details: (key: WidgetKey) => ['alerts', key, 'detail'] as const,
  detail: (key: WidgetKey, identifier: string, internalId: number | null) =>
    ['alerts', key, 'detail', identifier, internalId] as const,
};
