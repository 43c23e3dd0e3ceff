import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChatBubble } from './chat-bubble.tsx';

describe('ChatBubble', () => {
  it('shows an unread pharmacy reply by another shape as well as by colour, and says so', () => {
    const { rerender } = render(<ChatBubble hasUnreadReply={false} messageCount={2} />);
    const read = screen.getByRole('img', { name: '2 messages' });
    const readShape = read.querySelector('svg')?.getAttribute('class');
    rerender(<ChatBubble hasUnreadReply messageCount={2} />);
    const unread = screen.getByRole('img', { name: 'Unread reply from pharmacy' });
    expect(unread).toHaveAttribute('data-unread');
    expect(unread.querySelector('svg')?.getAttribute('class')).not.toBe(readShape);
  });

  it('shows nothing for an alert without messages', () => {
    const { container } = render(<ChatBubble hasUnreadReply={false} messageCount={0} />);
    expect(container).toBeEmptyDOMElement();
  });
});
