import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { clearAllDrafts, clearDetailTab, draftsBelongTo, holdDrafts } from '@/features/alerts';
import { tokenInfoQuery } from '@/features/auth';
import { lastSignOutReason, useToken } from '@/lib/session-store.ts';

/**
 * Drops every cached answer and the dialog tab last chosen when the session ends, however it ended (sign-out, a
 * 401, another tab): the next person at the ward computer sees none of it.
 *
 * The unsent action drafts go too at a sign-out (the user's own, idle logout's, or another tab's). A session that
 * expired (a 401 in this tab) only hides them: they are the words of someone who was cut off mid-sentence, and
 * they come back (in memory, never storage) when the same user signs in again in this tab; anyone else who signs
 * in next finds them dropped, unseen (api/action-drafts.ts: draftsBelongTo).
 */
export function SessionCacheReset() {
  const token = useToken();
  const queryClient = useQueryClient();
  const previous = useRef(token);
  // Who the session is, as the guard (RequireAuth) or the sign-in put it in the cache: read here, never fetched.
  const { data: tokenInfo } = useQuery({ ...tokenInfoQuery(token ?? ''), enabled: false });
  const userId = token ? tokenInfo?.userInfo.userId : undefined;
  useEffect(() => {
    if (previous.current && !token) {
      queryClient.clear();
      if (lastSignOutReason() === 'expired') holdDrafts();
      else clearAllDrafts();
      clearDetailTab();
    }
    previous.current = token;
  }, [token, queryClient]);
  useEffect(() => {
    if (userId !== undefined) draftsBelongTo(userId);
  }, [userId]);
  return null;
}
