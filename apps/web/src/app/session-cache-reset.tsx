import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useToken } from '@/lib/session-store.ts';

/** Drops every cached answer when the session ends, however it ended (sign-out, a 401, another tab). */
export function SessionCacheReset() {
  const token = useToken();
  const queryClient = useQueryClient();
  const previous = useRef(token);
  useEffect(() => {
    if (previous.current && !token) queryClient.clear();
    previous.current = token;
  }, [token, queryClient]);
  return null;
}
