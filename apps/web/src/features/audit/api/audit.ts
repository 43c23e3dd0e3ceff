import { AUDIT_MESSAGES, AuditPageSchema, ENDPOINTS } from '@portal/domain';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client.ts';
import { ApiError } from '@/lib/api-error.ts';
import { config } from '@/lib/config.ts';
import { buildUrl } from '@/lib/early-requests.ts';
import { getToken } from '@/lib/session-store.ts';

/** The audit screen's filter form, as typed: empty strings are "no filter"; times are local `datetime-local`. */
export interface AuditFormValues {
  user: string;
  facId: string;
  recordType: string;
  recordId: string;
  kind: string;
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFormValues = {
  user: '',
  facId: '',
  recordType: '',
  recordId: '',
  kind: '',
  from: '',
  to: '',
};

/** A `datetime-local` value (the viewer's own clock) as an ISO instant; '' stays ''. */
function isoOf(local: string): string {
  if (!local) return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString();
}

/** The `GET /audit` query string of a filter form: only the filters given, times as ISO instants. */
export function auditQueryOf(values: AuditFormValues): Record<string, string> {
  const query: Record<string, string> = {};
  const set = (key: string, value: string) => {
    const trimmed = value.trim();
    if (trimmed) query[key] = trimmed;
  };
  set('user', values.user);
  set('facId', values.facId);
  set('recordType', values.recordType);
  set('recordId', values.recordId);
  set('kind', values.kind);
  set('from', isoOf(values.from));
  set('to', isoOf(values.to));
  return query;
}

/** `GET /audit`, page by page: each page's `nextCursor` asks for the next ("Show more"). */
export function auditPagesQuery(query: Record<string, string>) {
  return infiniteQueryOptions({
    queryKey: ['audit', query],
    queryFn: ({ pageParam, signal }) =>
      apiRequest(AuditPageSchema, ENDPOINTS.audit, {
        query: pageParam ? { ...query, cursor: pageParam } : query,
        signal,
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // The trail only grows; a reader refreshes by applying the filters again.
    staleTime: 60_000,
  });
}

/** The audit events matching the applied filters. */
export function useAuditPages(query: Record<string, string>) {
  return useInfiniteQuery(auditPagesQuery(query));
}

/**
 * Every matching event as CSV (`format=csv`), fetched with the session's bearer and handed to the browser as a
 * download: a plain link could not carry the header.
 */
export async function downloadAuditCsv(query: Record<string, string>): Promise<void> {
  const token = getToken();
  const response = await fetch(buildUrl(config.apiBase, ENDPOINTS.audit, { ...query, format: 'csv' }), {
    headers: token ? { authorization: `Bearer ${token}`, accept: 'text/csv' } : { accept: 'text/csv' },
  });
  if (!response.ok) {
    let message: string = AUDIT_MESSAGES.exportFailed;
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === 'string') message = body.message;
    } catch {
      // Not JSON: keep the general message.
    }
    throw new ApiError({
      status: response.status,
      statusText: response.statusText,
      code: `HTTP_${response.status}`,
      message,
    });
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'audit.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
