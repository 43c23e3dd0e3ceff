import type { QueryClient } from '@tanstack/react-query';

/** What a test's whole-app render leaves running: its router and its query client. */
interface RenderedApp {
  router: { dispose(): void };
  queryClient: QueryClient;
}

const rendered: RenderedApp[] = [];

/** Remembers an app `renderApp` rendered, for `disposeRenderedApps` after the test. */
export function trackRenderedApp(app: RenderedApp): void {
  rendered.push(app);
}

/**
 * After a test (and Testing Library's unmount): stops the apps' routers and drops their queries, so no lazy route,
 * request or refetch left in flight reaches React once the test file's DOM is torn down.
 */
export function disposeRenderedApps(): void {
  for (const { router, queryClient } of rendered.splice(0)) {
    router.dispose();
    queryClient.clear();
  }
}
