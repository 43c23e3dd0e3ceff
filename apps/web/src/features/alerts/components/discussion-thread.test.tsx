import { type RequestedAction, widgetByKey } from '@portal/domain';
import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Providers } from '@/app/providers.tsx';
import { createQueryClient } from '@/lib/query-client.ts';
import { alertFixture } from '@/test/alert-fixtures.ts';
import { DiscussionThread } from './discussion-thread.tsx';

const widget = widgetByKey('highCost');
const ENTRY_PX = 100;
const PANEL_PX = 250;

function entry(n: number): RequestedAction {
  return {
    requestActionID: n,
    action: 'Reply',
    actionComment: `Answer ${n}`,
    limitDays: null,
    requestedBy: 'Sam Sysadmin',
    isAutomatic: false,
    sentTime: new Date(Date.UTC(2026, 10, 1, 10, n)).toISOString(),
    readByFaci: true,
  };
}

// jsdom lays nothing out: the thread's viewport gets a height from its entries (100 px each) and a 250 px window,
// and a scroll position that stays inside them, as a browser's does. Put back afterwards (the test set-up gives
// every element an 800 px clientHeight).
const scrollTops = new WeakMap<Element, number>();
const saved = ['scrollHeight', 'clientHeight', 'scrollTop'].map(
  (name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const,
);
beforeEach(() => {
  const height = (element: Element) => element.querySelectorAll('li').length * ENTRY_PX;
  Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
    configurable: true,
    get(this: Element) {
      return height(this);
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => PANEL_PX,
  });
  Object.defineProperty(HTMLElement.prototype, 'scrollTop', {
    configurable: true,
    get(this: Element) {
      return scrollTops.get(this) ?? 0;
    },
    set(this: Element, value: number) {
      scrollTops.set(this, Math.max(0, Math.min(value, height(this) - PANEL_PX)));
    },
  });
});
afterEach(() => {
  for (const [name, descriptor] of saved) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor);
  }
});

const queryClient = createQueryClient();
const wrap = (node: ReactNode) => (
  <Providers queryClient={queryClient} env="test">
    {node}
  </Providers>
);

function thread(count: number, sentReplies: number, opensAtNewest = false) {
  const alert = alertFixture({
    _internalID: 7,
    requestedActions: Array.from({ length: count }, (_, i) => entry(i + 1)),
  });
  return wrap(
    <DiscussionThread
      widget={widget}
      alert={alert}
      canMarkReplies={false}
      sentReplies={sentReplies}
      opensAtNewest={opensAtNewest}
    />,
  );
}

const atEnd = (viewport: HTMLElement) => viewport.scrollTop === viewport.scrollHeight - viewport.clientHeight;

describe('DiscussionThread', () => {
  it('shows the sent reply at the end even when the refetched thread renders after the send', () => {
    const view = render(thread(5, 0));
    const viewport = screen.getByRole('region', { name: 'Discussion' });
    expect(viewport.scrollTop).toBe(0);
    // The send succeeds first; the alert with the reply in its thread comes in a render later.
    view.rerender(thread(5, 1));
    expect(atEnd(viewport)).toBe(true);
    view.rerender(thread(6, 1));
    expect(screen.getByText('Answer 6')).toBeInTheDocument();
    expect(viewport.scrollTop).toBe(6 * ENTRY_PX - PANEL_PX);
  });

  it('shows the sent reply at the end when the thread and the send render together', () => {
    const view = render(thread(5, 0));
    const viewport = screen.getByRole('region', { name: 'Discussion' });
    view.rerender(thread(6, 1));
    expect(viewport.scrollTop).toBe(6 * ENTRY_PX - PANEL_PX);
  });

  it('stops following the end once the viewer scrolls back to read', () => {
    const view = render(thread(5, 0));
    const viewport = screen.getByRole('region', { name: 'Discussion' });
    view.rerender(thread(5, 1));
    viewport.scrollTop = 0;
    fireEvent.scroll(viewport);
    view.rerender(thread(6, 1));
    expect(viewport.scrollTop).toBe(0);
  });

  it("opens a facility user's thread at its oldest entry and leaves it there as entries come", () => {
    const view = render(thread(5, 0));
    const viewport = screen.getByRole('region', { name: 'Discussion' });
    view.rerender(thread(6, 0));
    expect(viewport.scrollTop).toBe(0);
  });

  it("opens the pharmacy's thread at its newest entry", () => {
    render(thread(5, 0, true));
    const viewport = screen.getByRole('region', { name: 'Discussion' });
    expect(atEnd(viewport)).toBe(true);
  });

  it("marks an unread Reply inside its sender's line with valid markup (no block inside the paragraph)", () => {
    const alert = alertFixture({ _internalID: 8, requestedActions: [{ ...entry(1), readByFaci: false }] });
    const { container } = render(
      wrap(<DiscussionThread widget={widget} alert={alert} canMarkReplies={false} sentReplies={0} />),
    );
    const sender = screen.getByText('Sam Sysadmin', { exact: false });
    expect(sender.tagName).toBe('P');
    expect(sender.textContent).toMatch(/Sam Sysadmin.+/);
    expect(container.querySelectorAll('p div, p p')).toHaveLength(0);
  });
});
