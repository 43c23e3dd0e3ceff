import { IconMessageCircleExclamation, IconMessageCircleFilled } from '@tabler/icons-react';
import classes from './alert-table.module.css';

export interface ChatBubbleProps {
  hasUnreadReply: boolean;
  messageCount: number;
}

/**
 * The discussion bubble of a row: red with a label when a pharmacy Reply is unread (spec 1, section 2), and then
 * also another shape (an outlined bubble with '!'), so the unread reply does not rest on colour alone. A plain
 * element with the look of Mantine's transparent ThemeIcon (size sm): every visible row of every card has one.
 */
export function ChatBubble({ hasUnreadReply, messageCount }: ChatBubbleProps) {
  if (hasUnreadReply) {
    return (
      <span className={classes.bubble} data-unread role="img" aria-label="Unread reply from pharmacy">
        <IconMessageCircleExclamation size={20} stroke={2.25} aria-hidden />
      </span>
    );
  }
  if (messageCount === 0) return null;
  return (
    <span
      className={classes.bubble}
      role="img"
      aria-label={`${messageCount} message${messageCount === 1 ? '' : 's'}`}
    >
      <IconMessageCircleFilled size={18} aria-hidden />
    </span>
  );
}
