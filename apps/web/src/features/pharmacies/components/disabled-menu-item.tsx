import { Menu, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';

export interface DisabledMenuItemProps {
  reason: string;
  children: ReactNode;
}

/**
 * A menu item that cannot be used, with the reason in a tooltip. It stays focusable (aria-disabled rather than
 * disabled) so keyboard and pointer users both reach the tooltip and learn why.
 */
export function DisabledMenuItem({ reason, children }: DisabledMenuItemProps) {
  return (
    <Tooltip label={reason} position="left" withinPortal>
      <Menu.Item
        aria-disabled
        data-disabled
        closeMenuOnClick={false}
        onClick={(event) => event.preventDefault()}
        title={reason}
      >
        {children}
      </Menu.Item>
    </Tooltip>
  );
}
