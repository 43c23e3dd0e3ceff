import { ActionIcon, Menu } from '@mantine/core';
import { type AdminUser, type AdminViewer, userRowActions } from '@portal/domain';
import { IconDots } from '@tabler/icons-react';
import { userRowMenuLabel } from './admin-target.ts';

/** Which modal a row opens, and through which facility. */
export type UserModal =
  | { kind: 'facilities' | 'settings'; user: AdminUser }
  | { kind: 'reset' | 'profile' | 'delete'; user: AdminUser; entityId: number };

export interface UserRowMenuProps {
  viewer: AdminViewer;
  user: AdminUser;
  onOpen: (modal: UserModal) => void;
}

/** The Facility Users row menu, each item gated by the domain rule (spec 2, section 6). */
export function UserRowMenu({ viewer, user, onOpen }: UserRowMenuProps) {
  const actions = userRowActions(viewer, user);
  const through = (kind: 'reset' | 'profile' | 'delete', entityId: number | null) => () => {
    if (entityId !== null) onOpen({ kind, user, entityId });
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={userRowMenuLabel(user)}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onOpen({ kind: 'facilities', user })}>View / Edit Facilities</Menu.Item>
        <Menu.Item
          disabled={actions.resetPassword === null}
          onClick={through('reset', actions.resetPassword)}
        >
          Reset Password
        </Menu.Item>
        <Menu.Item disabled={actions.editProfile === null} onClick={through('profile', actions.editProfile)}>
          Edit Name and Phone
        </Menu.Item>
        <Menu.Item disabled={!actions.editSettings} onClick={() => onOpen({ kind: 'settings', user })}>
          Edit User Settings
        </Menu.Item>
        <Menu.Item disabled={actions.deleteUser === null} onClick={through('delete', actions.deleteUser)}>
          Delete User
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
