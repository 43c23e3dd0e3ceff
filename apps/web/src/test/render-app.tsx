import { notifications } from '@mantine/notifications';
import { TOKEN_STORAGE_KEY } from '@portal/domain';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '@/app/providers.tsx';
import { routes } from '@/app/routes.tsx';
import { resetLayoutSettings } from '@/app/shell/layout-settings.ts';
import { createQueryClient } from '@/lib/query-client.ts';
import { reloadTokenFromStorage } from '@/lib/session-store.ts';
import { trackRenderedApp } from './rendered-apps.ts';

export interface RenderAppOptions {
  /** A session token already stored, as after an earlier sign-in. */
  token?: string;
  /** Pass `vi.advanceTimersByTime` when the test uses fake timers. */
  advanceTimers?: (ms: number) => unknown;
}

/** Renders the whole app (real route table, all providers) at `path`. */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  if (options.token) window.localStorage.setItem(TOKEN_STORAGE_KEY, options.token);
  else window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  reloadTokenFromStorage();
  resetLayoutSettings();
  notifications.clean();
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  const view = render(
    <Providers queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  trackRenderedApp({ router, queryClient });
  return { ...view, router, user, queryClient };
}

/** The router's current path and query. */
export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  return router.state.location.pathname + router.state.location.search;
}
