import { AlertEventSchema, ENDPOINTS, EVENT_STREAM, seenOnce } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { applyAlertEvent, resetAlertCaches } from '@/features/alerts';
import { tokenInfoQuery } from '@/features/auth';
import { config } from '@/lib/config.ts';
import { getToken, useToken } from '@/lib/session-store.ts';
import { openEventStream, type StreamStatus } from '../api/event-stream.ts';

// Event ids remembered per stream to drop a repeat: far more than one replay sends (500 at most).
const SEEN_EVENTS = 5000;

/**
 * Keeps one `GET /api/events` stream open while this tab is signed in and applies each event to the alert
 * caches; a new token opens a new stream, signing out (or the session ending) closes it. The refresh schedules
 * and polls stay as they are: the stream only makes them mostly unnecessary.
 */
export function useLiveUpdates(): StreamStatus {
  const token = useToken();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>('stopped');

  useEffect(() => {
    if (!token) return;
    const isFirstSight = seenOnce<string>(SEEN_EVENTS);
    const stream = openEventStream({
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
