import type { AnyAlert, Widget } from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import { bearer } from './test-app.ts';

/** Lists a widget's alerts with a query string; answers the status and the parsed body. */
export async function listAlerts(app: FastifyInstance, token: string, widget: Widget, query = '') {
  const response = await app.inject({
    method: 'GET',
    url: `/api${widget.listCall}${query ? `?${query}` : ''}`,
    headers: bearer(token),
  });
  const body = response.json() as Record<string, unknown>;
  const list = (body[widget.listKey] ?? []) as AnyAlert[];
  return {
    status: response.statusCode,
    body,
    list,
    count: body.count as number,
    cursor: body.cursor as string | null,
  };
}

/** Every alert of a list, following cursors page by page. */
export async function allPages(app: FastifyInstance, token: string, widget: Widget, query: string) {
  const seen: AnyAlert[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const extra: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const page = await listAlerts(app, token, widget, `${query}${extra}`);
    if (page.status !== 200) throw new Error(`page ${pages} failed: ${JSON.stringify(page.body)}`);
    seen.push(...page.list);
    cursor = page.cursor;
    pages += 1;
  } while (cursor && pages < 1000);
  return seen;
}

/** Posts an action and answers the status and body. */
export async function requestAction(
  app: FastifyInstance,
  token: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/requestaction',
    headers: { ...bearer(token), ...headers },
    payload,
  });
  return {
    status: response.statusCode,
    body: response.json() as { message: string; code?: string; fields?: Record<string, string> },
  };
}

/**
 * The lists' first key (spec 1, section 4: unread rows sort before read rows): 0 for an unread alert, 1 for a read
 * one or one that is not markable (null), which reads as read.
 */
export function readRank(alert: { readByFaci: boolean | null }): 0 | 1 {
  return alert.readByFaci === false ? 0 : 1;
}

/** A list's unread run and its read run, each to be checked in the list's sort apart. */
export function readRuns<T extends { readByFaci: boolean | null }>(list: readonly T[]): [T[], T[]] {
  return [list.filter((a) => readRank(a) === 0), list.filter((a) => readRank(a) === 1)];
}

/** Whether every unread alert of the list comes before every read one. */
export function isUnreadFirst(list: readonly { readByFaci: boolean | null }[]): boolean {
  const ranks = list.map(readRank);
  return ranks.every((rank, i) => i === 0 || rank >= (ranks[i - 1] ?? 0));
}
