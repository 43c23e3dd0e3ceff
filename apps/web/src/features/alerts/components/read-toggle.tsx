import { Switch } from '@mantine/core';
import type { AnyAlert, Widget } from '@portal/domain';
import { useOneAtATime } from '@/hooks/use-one-at-a-time.ts';
import { useMarkAlertRead } from '../api/mark-alert-read.ts';

export interface ReadToggleProps {
  widget: Widget;
  alert: AnyAlert;
  /** Called once the user has changed the read state (the modal closes). */
  onChanged?: (() => void) | undefined;
}

/**
 * The mark-as-read/unread toggle; the caller shows it only where manual marking is allowed. One mark at a time: the
 * switch shows it is busy only a render after the first click, so a double click sent the same mark twice and the
 * audit trail recorded two changes of the read state for one.
 */
export function ReadToggle({ widget, alert, onChanged }: ReadToggleProps) {
  const markRead = useMarkAlertRead(widget);
  const marking = useOneAtATime();
  return (
    // md: a 24 px tall switch, a touch target a nurse at a tablet can hit (it also closes the modal).
    <Switch
      size="md"
      label="Read"
      checked={alert.readByFaci === true}
      disabled={markRead.isPending}
      onChange={(event) => {
        if (!marking.begin()) return;
        markRead.mutate(
          { alert, readByFaci: event.currentTarget.checked },
          { onSuccess: () => onChanged?.(), onSettled: marking.end },
        );
      }}
    />
  );
}
