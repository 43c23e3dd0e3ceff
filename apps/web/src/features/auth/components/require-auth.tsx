import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { isApiError } from '@/lib/api-error.ts';
import { loginPathFrom } from '@/lib/paths.ts';
import { useToken } from '@/lib/session-store.ts';
import { tokenInfoQuery } from '../api/token-info.ts';
import { CurrentUserProvider } from './current-user.tsx';

export interface RequireAuthProps {
  children: ReactNode;
}

/**
 * Renders its children only for a signed-in user whose token the server accepts (tokeninfo). Without a token,
 * or when any call answers 401, it goes to sign-in carrying the current location as `from`.
 */
export function RequireAuth({ children }: RequireAuthProps) {
  const token = useToken();
  const location = useLocation();
  if (!token) return <Navigate to={loginPathFrom(location.pathname + location.search)} replace />;
  return <SignedIn token={token}>{children}</SignedIn>;
}

function SignedIn({ token, children }: { token: string; children: ReactNode }) {
  const query = useQuery(tokenInfoQuery(token));
  if (query.isPending || isApiError(query.error, 401)) {
    // A 401 has already cleared the token; the next render redirects.
    return (
      <Center h="100vh">
        <Loader role="status" aria-label="Loading your session" />
      </Center>
    );
  }
  if (query.isError) throw query.error;
  return <CurrentUserProvider user={query.data.userInfo}>{children}</CurrentUserProvider>;
}
