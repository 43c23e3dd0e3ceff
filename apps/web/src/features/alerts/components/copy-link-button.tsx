import { ActionIcon, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ACTION_MESSAGES, type AnyAlert, isArchivedAlert, type Widget } from '@portal/domain';
import { IconLink } from '@tabler/icons-react';
import { detailPathOf, identifierOf } from './alert-identity.ts';

export interface CopyLinkButtonProps {
  widget: Widget;
  alert: AnyAlert;
}

/**
 * Copies the alert's detail page link (origin plus the detail path) and says 'URL copied to clipboard'. An archived
 * alert's link also names the alert's own number (`?internalId=`): the detail path finds the live alert of an Rx
 * number first, and a refill keeps its Rx number.
 */
export function CopyLinkButton({ widget, alert }: CopyLinkButtonProps) {
  const path = detailPathOf(widget, identifierOf(widget, alert));
  // Widgets without a detail page open only as a modal: there is no link to copy.
  if (!path) return null;
  const copy = async () => {
    try {
      const pin = isArchivedAlert(alert) ? `?internalId=${alert._internalID}` : '';
      await navigator.clipboard.writeText(`${window.location.origin}${path}${pin}`);
      notifications.show({ color: 'blue', message: ACTION_MESSAGES.copied });
    } catch (error) {
      notifications.show({
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
