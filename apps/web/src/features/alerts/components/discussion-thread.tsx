import { ScrollArea, Stack, Text } from '@mantine/core';
import type { AnyAlert, Widget } from '@portal/domain';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useMarkReplyRead } from '../api/mark-reply-read.ts';
import { useClockValue } from '../hooks/use-clock.ts';
import { DiscussionEntry } from './discussion-entry.tsx';
import { CHAT_PANEL_HEIGHT, CHAT_PANEL_HEIGHT_WITH_REPLY } from './panel-heights.ts';
import { FACILITY_READ_WORDS, type ReadStateWords } from './read-state-words.ts';

const minuteOf = (now: Date) => Math.floor(now.getTime() / 60_000);

export interface DiscussionThreadProps {
  widget: Widget;
  alert: AnyAlert;
  /** Facility users whose facility lets them mark: unread Replies become read as they scroll into view. */
  canMarkReplies: boolean;
  /** Goes up each time the viewer sends a Reply: the thread then shows its end, where the reply is. */
  sentReplies?: number | undefined;
  /** How the viewer reads the facility's read state of a Reply. */
  readWords?: ReadStateWords | undefined;
  /** A Reply box sits under the thread: the panel is shorter on a short screen, to keep the buttons in view. */
  hasReplyBox?: boolean | undefined;
  /**
   * Opens scrolled to the newest entry: the pharmacy's side, whose work is the latest question, and whose scrolling
   * marks nothing read. A facility user's thread opens at its oldest entry, its unread Replies read as they come in view.
   */
  opensAtNewest?: boolean | undefined;
}

/** The Actions/Discussions list: 400 px high (less on a short screen), oldest first, 'No recorded actions' when empty (spec 1, section 2). */
export function DiscussionThread({
  widget,
  alert,
  canMarkReplies,
  sentReplies = 0,
  readWords = FACILITY_READ_WORDS,
  hasReplyBox = false,
  opensAtNewest = false,
}: DiscussionThreadProps) {
  // Relative times ('2 minutes ago') move on the shared clock, re-rendering once a minute.
  const minute = useClockValue(minuteOf);
  const now = useMemo(() => new Date(minute * 60_000), [minute]);
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const markReply = useMarkReplyRead(widget);
  const sent = useRef(new Set<number>());
  const entries = useMemo(
    () => [...alert.requestedActions].sort((a, b) => a.sentTime.localeCompare(b.sentTime)),
    [alert.requestedActions],
  );

  // The thread opens at its oldest entry; a reply the viewer sends lands at the end, out of view in a long thread.
  // After a send the thread follows its end: the reply comes in with the alert's refetch, which may render after
  // the send's success, so every change of the entries scrolls to the end again until the viewer scrolls away.
  const count = entries.length;
  const revealed = useRef(sentReplies);
  const following = useRef(false);
  useLayoutEffect(() => {
    if (!viewport) return;
    if (revealed.current !== sentReplies) {
      revealed.current = sentReplies;
      following.current = true;
    }
    if (following.current && count > 0) viewport.scrollTop = viewport.scrollHeight;
  }, [viewport, sentReplies, count]);
  useEffect(() => {
    if (!viewport) return;
    const onScroll = () => {
      // A pixel's leeway: scroll positions are whole pixels, heights fractional.
      following.current = viewport.scrollHeight - viewport.scrollTop - viewport.clientHeight <= 1;
    };
    viewport.addEventListener('scroll', onScroll, { passive: true });
    return () => viewport.removeEventListener('scroll', onScroll);
  }, [viewport]);

  // The thread goes to its newest entry when first shown; the panel may have no height yet (the dialog still opening).
  useEffect(() => {
    if (!viewport || !opensAtNewest) return;
    const toNewest = () => {
      if (viewport.clientHeight === 0) return false;
      viewport.scrollTop = viewport.scrollHeight;
      return true;
    };
    if (toNewest() || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (toNewest()) observer.disconnect();
    });
    observer.observe(viewport);
    return () => observer.disconnect();
  }, [viewport, opensAtNewest]);

  const seenHandler = (requestActionID: number) => () => {
    // One request per Reply, even when it scrolls in and out again before the answer comes back.
    if (sent.current.has(requestActionID)) return;
    sent.current.add(requestActionID);
    markReply.mutate({ alert, requestActionID });
  };

  if (entries.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        No recorded actions
      </Text>
    );
  }
  return (
    <ScrollArea
      h={hasReplyBox ? CHAT_PANEL_HEIGHT_WITH_REPLY : CHAT_PANEL_HEIGHT}
      type="auto"
      viewportRef={setViewport}
      viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Discussion' }}
    >
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {entries.map((entry) => (
          <DiscussionEntry
            key={entry.requestActionID}
            widget={widget}
            entry={entry}
            now={now}
            root={viewport}
            unreadReplyLabel={readWords.unreadReply}
            onSeen={
              canMarkReplies && entry.action === 'Reply' && entry.readByFaci === false
                ? seenHandler(entry.requestActionID)
                : undefined
            }
          />
        ))}
      </Stack>
    </ScrollArea>
  );
}
