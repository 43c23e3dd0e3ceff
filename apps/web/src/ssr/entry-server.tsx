import {
  earlyPageOf,
  firstPageUrl,
  TOKEN_INFO_URL,
  TokenInfoAnswerSchema,
  WIDGETS,
  withDisplayZone,
} from '@portal/domain';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { Providers } from '@/app/providers.tsx';
import { routes } from '@/app/routes.tsx';
import { alertListQuery, ownAlertPageOf } from '@/features/alerts/api/get-alert-list.ts';
import { tokenInfoQuery } from '@/features/auth/api/token-info.ts';
import { PATHS } from '@/lib/paths.ts';
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
}

// Made once: the static handler keeps the route modules it loads for a page (`lazy`), as a browser's router does.
const handler = createStaticHandler(routes);

/**
 * Loads the route modules a drawn page needs (the static handler keeps them), so the first page drawn after the
 * server starts does not wait for them. Draws nothing and reads no one's data.
 */
export async function warmUp(): Promise<void> {
  await handler.query(new Request(new URL(PATHS.dashboard, 'http://localhost')));
}

/**
 * The markup of a signed-in dashboard, drawn by the app's own components from the answers the page carries, for
 * the browser to show before its scripts have run and then hydrate (main.tsx). Null for any other page, or when the
 * session's own answer is missing: the page is then drawn by the browser, as before. Every render has its own
 * query cache: nothing of one reader's page stays for the next.
 */
export async function renderSignedInPage(input: PageRenderInput): Promise<string | null> {
  const url = new URL(input.url);
  if (earlyPageOf(url.pathname, url.search)?.kind !== 'dashboard') return null;
  const tokenInfo = input.answers.get(TOKEN_INFO_URL);
  if (tokenInfo === undefined) return null;
  const client = createQueryClient();
  client.setQueryData(
    tokenInfoQuery(input.token).queryKey,
    TokenInfoAnswerSchema.parse(JSON.parse(tokenInfo)),
  );
  const receivedAt = Date.now();
  for (const widget of WIDGETS) {
    const answer = input.answers.get(firstPageUrl(widget.listCall));
    if (answer === undefined) continue;
    client.setQueryData(alertListQuery(widget, {}).queryKey, {
      pages: [ownAlertPageOf(widget, JSON.parse(answer), receivedAt)],
      pageParams: [null],
    });
  }
  const context = await handler.query(new Request(url));
  // A redirect (no such page): the browser's router decides.
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const zone = { locale: input.locale, timeZone: input.timeZone };
  try {
    return withDisplayZone(zone, () =>
      renderingAs(input.token, () =>
        renderToString(
          <StrictMode>
            <Providers queryClient={client}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </Providers>
          </StrictMode>,
        ),
      ),
    );
  } finally {
    client.clear();
  }
}
