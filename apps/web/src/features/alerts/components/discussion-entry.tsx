import { Badge, Group, Paper, Text } from '@mantine/core';
import {
  formatDateTime,
  type RequestedAction,
  relativeTime,
  srxStatusLabel,
  statusBadgeColor,
  type Widget,
} from '@portal/domain';
import { useEffect, useRef } from 'react';
import { badgeColor } from './badge-color.ts';

export interface DiscussionEntryProps {
  widget: Widget;
  entry: RequestedAction;
  now: Date;
  /** Called once when an unread Reply scrolls into view (inside `root`). */
  onSeen?: (() => void) | undefined;
  root: HTMLElement | null;
  /** The badge of a Reply the facility has not read: 'New' to its staff, 'Unread by facility' to the pharmacy. */
  unreadReplyLabel: string;
}

/** The label of an entry's action: the button that sent it (Discuss, Send ...), else the status label. */
function actionLabel(widget: Widget, entry: RequestedAction): string {
  if (entry.action === 'Reply') return 'Reply';
  return widget.buttons.find((b) => b.action === entry.action)?.label ?? srxStatusLabel(entry.action);
}

/** One message of the thread: sender, comment, action badge, relative time and the full local date. */
export function DiscussionEntry({
  widget,
  entry,
  now,
  onSeen,
  root,
  unreadReplyLabel,
}: DiscussionEntryProps) {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!onSeen || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((r) => r.isIntersecting)) {
          observer.disconnect();
          onSeen();
        }
      },
      { root, threshold: 0.5 },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [onSeen, root]);

  const isUnreadReply = entry.action === 'Reply' && entry.readByFaci === false;
  return (
    <Paper ref={ref} withBorder p="xs" bg={isUnreadReply ? 'red.0' : undefined} component="li">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Text size="sm" fw={700}>
          {entry.isAutomatic ? 'Automatic response (facility rule)' : entry.requestedBy}
          {isUnreadReply ? (
            // A span: Mantine's Badge is a div by default, which may not sit in the name's paragraph.
            <Badge component="span" ml="xs" size="xs" color="red.9">
              {unreadReplyLabel}
            </Badge>
          ) : null}
        </Text>
        <Badge color={badgeColor(statusBadgeColor(entry.action))} autoContrast>
          {actionLabel(widget, entry)}
        </Badge>
      </Group>
      {entry.actionComment ? (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {entry.actionComment}
        </Text>
      ) : null}
      {entry.limitDays ? <Text size="sm">{entry.limitDays} Days</Text> : null}
      <Text size="xs" c="dimmed">
        {relativeTime(entry.sentTime, now)} · {formatDateTime(entry.sentTime)}
      </Text>
    </Paper>
  );
}
