import { AlertEventSchema, ENDPOINTS, EVENT_STREAM, seenOnce } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { applyAlertEvent, resetAlertCaches } from '@/features/alerts';
import { tokenInfoQuery } from '@/features/auth';
import { config } from '@/lib/config.ts';
import { getToken, useToken } from '@/lib/session-store.ts';
import type { StreamStatus } from '../api/event-stream.ts';
import { openSharedEventStream, sessionStreamKey } from '../api/shared-stream.ts';

// Event ids remembered per stream to drop a repeat: far more than one replay sends (500 at most).
const SEEN_EVENTS = 5000;

/**
 * Keeps a `GET /api/events` stream open while this tab is signed in (one for all the browser's tabs of the
 * session, where it can share it) and applies each event to the alert caches; a new token opens a new stream,
 * signing out (or the session ending) closes it. The refresh schedules and polls stay as they are: the stream
 * only makes them mostly unnecessary.
 */
export function useLiveUpdates(): StreamStatus {
  const token = useToken();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>('stopped');

  useEffect(() => {
    if (!token) return;
    const isFirstSight = seenOnce<string>(SEEN_EVENTS);
    // One stream for all of this browser's tabs of the session (shared-stream.ts); the events reach each tab.
    const stream = openSharedEventStream({
      key: sessionStreamKey(token),
      url: `${config.apiBase}${ENDPOINTS.events}`,
      // The stream belongs to this token: a different one (another tab signed in as someone else) ends it.
      getToken: () => (getToken() === token ? token : null),
      onStatus: setStatus,
      // A refused token ends the stream; asking who the token belongs to lets the usual 401 handling end the
      // session (with its toast) if it really is over.
      onRefused: () => void queryClient.invalidateQueries({ queryKey: tokenInfoQuery(token).queryKey }),
      onMessage: (message) => {
        if (message.event === EVENT_STREAM.reset) {
          void resetAlertCaches(queryClient);
          return;
        }
        if (message.event !== EVENT_STREAM.alert) return;
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          return;
        }
        const event = AlertEventSchema.safeParse(data);
        // A message this client does not understand is skipped; the refresh schedules still cover it. An event
        // already applied is skipped too: a reconnect's replay may carry some again (the server's cursor errs on
        // the side of sending more, so that an event committed late is never missed).
        if (event.success && isFirstSight(event.data.id)) applyAlertEvent(queryClient, event.data);
      },
    });
    return () => stream.close();
  }, [token, queryClient]);

  return status;
}
