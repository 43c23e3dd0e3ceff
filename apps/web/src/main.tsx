// First: it sets zod's configuration (lib/zod-config.ts) before any schema is built, then starts the early requests.
import './boot.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app/reduced-motion.css';
import { SERVER_RENDERED_ATTRIBUTE } from '@portal/domain';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { createAppRouter } from './app/router.ts';
import { routes } from './app/routes.tsx';
import { startHydration } from './lib/hydration-state.ts';
import { keepFocusThroughLoading } from './lib/keep-focus.ts';
import { queryClient } from './lib/query-client.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
keepFocusThroughLoading();

/** Draws the app into the root, or hydrates the page the server drew there when it can (app/hydration.ts). */
async function start(container: HTMLElement) {
  const isServerDrawn = container.hasAttribute(SERVER_RENDERED_ATTRIBUTE);
  // Loaded only for a page the server drew: its list schemas are no part of the sign-in page's scripts.
  const canHydrate =
    isServerDrawn &&
    (await import('./app/hydration.ts')
      .then(({ prepareHydration }) => prepareHydration(routes, queryClient))
      .catch(() => false));
  const app = (
    <StrictMode>
      <App router={createAppRouter()} />
    </StrictMode>
  );
  if (canHydrate) {
    startHydration();
    hydrateRoot(container, app, {
      // A difference (a tablet's layout, a setting kept in this browser) makes React draw the page anew; worth a
      // warning, not an error: the page is right either way.
      onRecoverableError: (error) => console.warn('The server-drawn page was drawn again:', error),
    });
    return;
  }
  // Another session's page, or one that cannot be matched: none of it stays.
  if (isServerDrawn) container.replaceChildren();
  createRoot(container).render(app);
}

void start(root);
