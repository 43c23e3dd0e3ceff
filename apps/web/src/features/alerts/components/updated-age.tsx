import { Button, Group, Text } from '@mantine/core';
import { isStale, updatedAgeLabel } from '@portal/domain';
import { IconRefresh } from '@tabler/icons-react';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { useClockValue } from '../hooks/use-clock.ts';

export interface UpdatedAgeProps {
  /** When the list was last loaded (ms since epoch); 0 before the first answer. */
  updatedAt: number;
  onRefresh: () => void;
  widgetTitle: string;
  /**
   * Whether the age brings its own yellow Refresh when stale (a card, whose Refresh shows on hover). A page with a
   * Refresh button of its own turns that one yellow instead (useIsStale), rather than show two.
   */
  withStaleButton?: boolean;
}

/** Whether a list loaded at `updatedAt` is stale (12 minutes or more: spec 1, section 4), on the 1-second clock. */
export function useIsStale(updatedAt: number): boolean {
  return useClockValue(
    useCallback((now: Date) => (updatedAt ? isStale(new Date(updatedAt), now) : false), [updatedAt]),
  );
}

/** 'Updated under 1 minute' ... on the 1-second clock, and a yellow Refresh button from 12 minutes (spec 1, section 4). */
export function UpdatedAge({ updatedAt, onRefresh, widgetTitle, withStaleButton = true }: UpdatedAgeProps) {
  const label = useClockValue(
    useCallback((now: Date) => (updatedAt ? updatedAgeLabel(new Date(updatedAt), now) : ''), [updatedAt]),
  );
  const stale = useIsStale(updatedAt) && withStaleButton;
  // The yellow button goes once the list is fresh. When it went with the focus on it (the user pressed it), the
  // focus stays here, on the age that now says 'under 1 minute', instead of falling back to the page heading.
  const ageRef = useRef<HTMLParagraphElement>(null);
  const pressed = useRef(false);
  useLayoutEffect(() => {
    if (stale || !pressed.current) return;
    pressed.current = false;
    const active = document.activeElement;
    if (!active || active === document.body) ageRef.current?.focus({ preventScroll: true });
  }, [stale]);
  if (!updatedAt) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed" ref={ageRef} tabIndex={-1}>
        Updated {label}
      </Text>
      {stale ? (
        <Button
          size="compact-xs"
          h={24}
          color="yellow.4"
          autoContrast
          leftSection={<IconRefresh size={12} aria-hidden />}
          onClick={() => {
            pressed.current = true;
            onRefresh();
          }}
          aria-label={`Refresh ${widgetTitle} (stale)`}
        >
          Refresh
        </Button>
      ) : null}
    </Group>
  );
}
