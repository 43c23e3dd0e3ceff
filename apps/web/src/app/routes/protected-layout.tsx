import { ModalsProvider } from '@mantine/modals';
import { RequireAuth } from '@/features/auth';
import { AppLayout } from '../shell/app-layout.tsx';

/**
 * Every signed-in page: the session guard around the shell. Confirmation modals live here, not in the root
 * providers, so the sign-in page does not load them.
 */
export function ProtectedLayoutRoute() {
  return (
    <RequireAuth>
      <ModalsProvider>
        <AppLayout />
      </ModalsProvider>
    </RequireAuth>
  );
}
