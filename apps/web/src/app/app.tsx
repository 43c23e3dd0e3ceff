import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { rememberZone } from '@/lib/early-requests.ts';
import { endHydration } from '@/lib/hydration-state.ts';
import { queryClient } from '@/lib/query-client.ts';
import { Providers } from './providers.tsx';
import type { createAppRouter } from './router.ts';

export interface AppProps {
  router: ReturnType<typeof createAppRouter>;
}

/** The whole web app. */
export function App({ router }: AppProps) {
  // Effects run once the first render is committed: a hydrated page is the app's own from here on.
  useEffect(() => {
    endHydration();
    rememberZone();
  }, []);
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
