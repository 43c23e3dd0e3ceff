import { RouterProvider } from 'react-router';
import { queryClient } from '@/lib/query-client.ts';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.ts';

const router = createAppRouter();

/** The whole web app. */
export function App() {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
