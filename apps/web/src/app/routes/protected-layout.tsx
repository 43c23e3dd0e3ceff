import { RequireAuth } from '@/features/auth';
import { AppLayout } from '../shell/app-layout.tsx';

/** Every signed-in page: the session guard around the shell. */
export function ProtectedLayoutRoute() {
  return (
    <RequireAuth>
      <AppLayout />
    </RequireAuth>
  );
}
