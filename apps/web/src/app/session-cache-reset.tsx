import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { clearAllDrafts, clearDetailTab } from '@/features/alerts';
import { useToken } from '@/lib/session-store.ts';

/**
 * Drops every cached answer, every unsent action draft and the dialog tab last chosen,
 * when the session ends, however it ended (sign-out, a 401, another tab): the next person at the ward computer sees
 * none of it.
 */
export function SessionCacheReset() {
  const token = useToken();
  const queryClient = useQueryClient();
  const previous = useRef(token);
  useEffect(() => {
    if (previous.current && !token) {
      queryClient.clear();
      clearAllDrafts();
      clearDetailTab();
    }
    previous.current = token;
  }, [token, queryClient]);
  return null;
}
