import { ENDPOINTS, MESSAGES, MessageAnswerSchema } from '@portal/domain';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '@/lib/api-client.ts';
import { notifySuccess } from '@/lib/notify.ts';
import { clearToken, getToken } from '@/lib/session-store.ts';

/**
 * Signs out: `POST /logout` revokes the token on the server, then the token and every cached answer are
 * dropped here whatever the server said (an expired token is just as signed out).
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  const token = getToken();
  if (token) {
    try {
      await apiRequest(MessageAnswerSchema, ENDPOINTS.logout, { method: 'POST', bearer: token });
    } catch {
      // The session ends locally either way; a revoked or expired token needs no second try.
    }
  }
  // Not a mutation: clearing the query client also clears the mutation cache mid-flight.
  clearToken();
  queryClient.clear();
  notifySuccess(MESSAGES.loggedOut);
}

/** The sign-out of the current session. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => signOut(queryClient), [queryClient]);
}
