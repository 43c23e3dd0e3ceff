import {
  type EarlyPage,
  earlyPageOf,
  FACILITIES_URL,
  FacilitiesAnswerSchema,
  type FillView,
  firstPageUrl,
  TOKEN_INFO_URL,
  TokenInfoAnswerSchema,
  WIDGETS,
  widgetByKey,
  withDisplayZone,
} from '@portal/domain';
import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from '@/app/providers.tsx';
import { routes } from '@/app/routes.tsx';
import {
  alertListQuery,
  facilitiesQuery,
  firstListParams,
  ownAlertPageOf,
} from '@/features/alerts/first-load.ts';
import { tokenInfoQuery } from '@/features/auth/first-load.ts';
import { drawingForView } from '@/lib/hydration-state.ts';
import { PATHS, widgetPagePath } from '@/lib/paths.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { renderingAs } from '@/lib/session-store.ts';

/** What the server knows of a signed-in page load (apps/server/src/platform/navigation-data.ts). */
export interface PageRenderInput {
  /** The page's address as the browser asked for it (`http://host/dashboard`). */
  readonly url: string;
  /** The session the navigation carried. */
  readonly token: string;
  /** The page's first calls' answers (JSON text) by URL, each a 200 made with `token`. */
  readonly answers: ReadonlyMap<string, string>;
  /** The reader's locale and time zone as their browser reported them (the zone cookie). */
  readonly locale: string;
  readonly timeZone: string;
  /** The reader's window and fitted pages' measures, as their browser last reported them (FILL_COOKIE). */
  readonly fill?: FillView | null;
}

// Made once: the static handler keeps the route modules it loads for a page (`lazy`), as a browser's router does.
const handler = createStaticHandler(routes);

/**
 * Loads the route modules a drawn page needs (the static handler keeps them), so the first page drawn after the
 * server starts does not wait for them. Draws nothing and reads no one's data.
 */
export async function warmUp(): Promise<void> {
  for (const path of [PATHS.dashboard, widgetPagePath(widgetByKey('highCost'))]) {
    await handler.query(new Request(new URL(path, 'http://localhost')));
  }
}

/**
 * Puts a widget page's first answers in the cache under the keys its first render asks for: the viewer's
 * facilities (its filter, and the check of the facilities its address names) and its live list's first page,
 * sorted and narrowed as the address says. False when the page cannot be drawn as the browser would first draw it: an answer
 * missing, or the address naming a facility the viewer does not see (the page then rewrites its address and asks
 * for another list, which the server did not answer).
 */
function seedWidgetPage(
  client: QueryClient,
  page: Extract<EarlyPage, { kind: 'widget' }>,
  answers: ReadonlyMap<string, string>,
  receivedAt: number,
): boolean {
  const widget = widgetByKey(page.widgetKey);
  const facilities = answers.get(FACILITIES_URL);
  const list = answers.get(firstPageUrl(widget.listCall, page));
  if (facilities === undefined || list === undefined) return false;
  const known = FacilitiesAnswerSchema.parse(JSON.parse(facilities));
  const visible = new Set(known.facilities.map((f) => f.facID));
  if (!page.facilityIds.every((id) => visible.has(id))) return false;
  client.setQueryData(facilitiesQuery().queryKey, known);
  client.setQueryData(alertListQuery(widget, firstListParams(page)).queryKey, {
    pages: [ownAlertPageOf(widget, JSON.parse(list), receivedAt)],
    pageParams: [null],
  });
  return true;
}

/** The dashboard's cards' first pages, under the keys the cards ask first; a card without one is drawn loading. */
function seedDashboard(
  client: QueryClient,
  answers: ReadonlyMap<string, string>,
  receivedAt: number,
): boolean {
  for (const widget of WIDGETS) {
    const answer = answers.get(firstPageUrl(widget.listCall));
    if (answer === undefined) continue;
    client.setQueryData(alertListQuery(widget, {}).queryKey, {
      pages: [ownAlertPageOf(widget, JSON.parse(answer), receivedAt)],
      pageParams: [null],
    });
  }
  return true;
}

/**
 * The markup of a signed-in dashboard or live widget page (at the widget's own address, `?facilityIds=` narrowing
 * it or not, `?sort=` sorting it or not), drawn by the app's own components from the answers the page carries, for the browser to show before
 * its scripts have run and then hydrate (main.tsx). Null for any other page, or when an answer the page's first
 * render needs is missing: the page is then drawn by the browser, as before. Every render has its own query cache:
 * nothing of one reader's page stays for the next.
 */
export async function renderSignedInPage(input: PageRenderInput): Promise<string | null> {
  const url = new URL(input.url);
  const page = earlyPageOf(url.pathname, url.search);
  if (!page) return null;
  // An alias or another spelling of a widget's address is rewritten by the browser's router: not drawn here.
  if (page.kind === 'widget' && url.pathname !== widgetPagePath(widgetByKey(page.widgetKey))) return null;
  const tokenInfo = input.answers.get(TOKEN_INFO_URL);
  if (tokenInfo === undefined) return null;
  const client = createQueryClient();
  try {
    client.setQueryData(
      tokenInfoQuery(input.token).queryKey,
      TokenInfoAnswerSchema.parse(JSON.parse(tokenInfo)),
    );
    const receivedAt = Date.now();
    const seeded =
      page.kind === 'dashboard'
        ? seedDashboard(client, input.answers, receivedAt)
        : seedWidgetPage(client, page, input.answers, receivedAt);
    if (!seeded) return null;
    const context = await handler.query(new Request(url));
    // A redirect (no such page): the browser's router decides.
    if (context instanceof Response) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const zone = { locale: input.locale, timeZone: input.timeZone };
    return withDisplayZone(zone, () =>
      renderingAs(input.token, () =>
        drawingForView(input.fill ?? null, () =>
          renderToString(
            <StrictMode>
              <Providers queryClient={client}>
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </Providers>
            </StrictMode>,
          ),
        ),
      ),
    );
  } finally {
    client.clear();
  }
}
