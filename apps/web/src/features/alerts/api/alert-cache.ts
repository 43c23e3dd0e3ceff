import type { AnyAlert, WidgetKey } from '@portal/domain';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { type AlertListParams, alertKeys } from './alert-keys.ts';
import type { AlertPage } from './get-alert-list.ts';

type Patch = (alert: AnyAlert) => AnyAlert;

function patchPage(page: AlertPage, internalId: number, patch: Patch): AlertPage {
  return {
    ...page,
    alerts: page.alerts.map((alert) => (alert._internalID === internalId ? patch(alert) : alert)),
  };
}

/**
 * Applies a change to one alert wherever the cache holds it (lists, polls, details), so read state shows at
 * once; the caller invalidates afterwards to take the server's word.
 */
export async function patchAlertInCaches(
  queryClient: QueryClient,
  key: WidgetKey,
  internalId: number,
  patch: Patch,
): Promise<void> {
  await queryClient.cancelQueries({ queryKey: alertKeys.widget(key) });
  queryClient.setQueriesData<InfiniteData<AlertPage>>({ queryKey: alertKeys.lists(key) }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => patchPage(page, internalId, patch)) } : data,
  );
  queryClient.setQueriesData<AlertPage>({ queryKey: alertKeys.polls(key) }, (data) =>
    data ? patchPage(data, internalId, patch) : data,
  );
  queryClient.setQueriesData<AnyAlert>({ queryKey: alertKeys.details(key) }, (alert) =>
    alert && alert._internalID === internalId ? patch(alert) : alert,
  );
}

/**
 * Cuts a cached list back to its first page, so a list shown again (a facility narrowing changed back) starts at
 * its first 100 rows like a new one, from the cache at once, instead of with every page loaded the last time.
 */
export function keepFirstPageOnly(queryClient: QueryClient, key: WidgetKey, params: AlertListParams): void {
  queryClient.setQueryData<InfiniteData<AlertPage>>(alertKeys.list(key, params), (data) =>
    data && data.pages.length > 1
      ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) }
      : data,
  );
}
