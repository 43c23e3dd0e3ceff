import { Menu } from '@mantine/core';
import type { ReactElement } from 'react';
import { Link } from 'react-router';
import type { NavLinkItem } from './nav-items.ts';

export interface NavGroupMenuProps {
  links: NavLinkItem[];
  /** The button that opens the menu. */
  target: ReactElement;
  position: 'right-start' | 'bottom-start';
}

/** A menu group shown as a pop-up list (condensed sidebar and horizontal menu). */
export function NavGroupMenu({ links, target, position }: NavGroupMenuProps) {
  return (
    <Menu position={position} withinPortal shadow="md" trigger="click-hover" openDelay={80} closeDelay={150}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown mah="70vh" style={{ overflowY: 'auto' }}>
        {links.map((link) => (
          <Menu.Item key={link.to} component={Link} to={link.to}>
            {link.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
