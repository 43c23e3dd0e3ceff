import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ACTION_MESSAGES, type AnyAlert, type Widget } from '@portal/domain';
import { IconLink } from '@tabler/icons-react';
import { alertLinkPath } from './alert-identity.ts';

export interface CopyLinkButtonProps {
  widget: Widget;
  alert: AnyAlert;
}

// One toast of each kind at a time: a double click (or a second click while it shows) copies again but does not
// stack a second 'URL copied to clipboard' under the first (Mantine shows an id already shown only once).
const COPIED_TOAST_ID = 'alert-link-copied';
const COPY_FAILED_TOAST_ID = 'alert-link-copy-failed';

/** Copies the alert's link (origin plus its path) and says 'URL copied to clipboard' (spec 1, section 2). */
export function CopyLinkButton({ widget, alert }: CopyLinkButtonProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`${window.location.origin}${alertLinkPath(widget, alert)}`);
      notifications.show({ id: COPIED_TOAST_ID, color: 'blue', message: ACTION_MESSAGES.copied });
    } catch (error) {
      notifications.show({
        id: COPY_FAILED_TOAST_ID,
        color: 'red',
        title: 'Could not copy the link',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  };
  return (
    <Tooltip label="Copy link">
      <ActionIcon variant="subtle" onClick={copy} aria-label="Copy link to this alert">
        <IconLink size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
