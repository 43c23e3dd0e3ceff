import { ThemeIcon } from '@mantine/core';
import { IconMessageCircleFilled } from '@tabler/icons-react';

export interface ChatBubbleProps {
  hasUnreadReply: boolean;
  messageCount: number;
}

/** The discussion bubble of a row: red with a label when a pharmacy Reply is unread (spec 1, section 2). */
export function ChatBubble({ hasUnreadReply, messageCount }: ChatBubbleProps) {
  if (hasUnreadReply) {
    return (
      <ThemeIcon
        color="red"
        variant="transparent"
        size="sm"
        role="img"
        aria-label="Unread reply from pharmacy"
      >
        <IconMessageCircleFilled size={18} aria-hidden />
      </ThemeIcon>
    );
  }
  if (messageCount === 0) return null;
  return (
    <ThemeIcon
      color="gray"
      variant="transparent"
      size="sm"
      role="img"
      aria-label={`${messageCount} message${messageCount === 1 ? '' : 's'}`}
    >
      <IconMessageCircleFilled size={18} aria-hidden />
    </ThemeIcon>
  );
}
