import { Button, Group } from '@mantine/core';
import { type AnyAlert, visibleButtons, type Widget, type WidgetButton } from '@portal/domain';
import { useState } from 'react';
import type { AlertPermissions } from '../hooks/use-alert-permissions.ts';
import { ActionDialog } from './action-dialog.tsx';
import { CredentialsNotice } from './credentials-notice.tsx';

export interface ActionBarProps {
  widget: Widget;
  alert: AnyAlert;
  permissions: AlertPermissions;
}

/**
 * The buttons the viewer may use on this alert (visibleButtons: the rule the server enforces), or the red
 * credentials notice when they have no messaging credentials.
 */
export function ActionBar({ widget, alert, permissions }: ActionBarProps) {
  const [open, setOpen] = useState<WidgetButton | null>(null);
  if (!permissions.user.mediprocityUser) return <CredentialsNotice />;
  if (!permissions.isReady) return null;
  const buttons = visibleButtons(widget, permissions.context);
  if (buttons.length === 0) return null;
  return (
    <>
      <Group gap="xs" role="group" aria-label="Actions">
        {buttons.map((button) => (
          <Button
            key={button.action}
            variant={button.action === 'ask' ? 'outline' : 'filled'}
            onClick={() => setOpen(button)}
          >
            {button.label}
          </Button>
        ))}
      </Group>
      {open ? (
        <ActionDialog widget={widget} alert={alert} button={open} onClose={() => setOpen(null)} />
      ) : null}
    </>
  );
}
