import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { clearAllDrafts, clearDetailTab, holdDrafts } from '@/features/alerts';
import { lastSignOutReason, useToken } from '@/lib/session-store.ts';

/**
 * Drops every cached answer and the dialog tab last chosen when the session ends, however it ended (sign-out, a
 * 401, another tab): the next person at the ward computer sees none of it.
 *
 * The unsent action drafts go too at a sign-out (the user's own, idle logout's, or another tab's). A session that
 * expired (a 401 in this tab) only hides them: they are the words of someone who was cut off mid-sentence, and
 * they come back (in memory, never storage) when the same user signs in again in this tab; anyone else who signs
 * in next finds them dropped, unseen (the signed-in layout tells the drafts whose they are: draftsBelongTo).
 */
export function SessionCacheReset() {
  const token = useToken();
  const queryClient = useQueryClient();
  const previous = useRef(token);
  useEffect(() => {
    if (previous.current && !token) {
      queryClient.clear();
      if (lastSignOutReason() === 'expired') holdDrafts();
      else clearAllDrafts();
      clearDetailTab();
    }
    previous.current = token;
  }, [token, queryClient]);
  return null;
}
