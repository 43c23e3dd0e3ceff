import { ActionIcon, Menu } from '@mantine/core';
import {
  type PharmacyStanding,
  type PharmacyUser,
  type PharmacyUserAction,
  pharmacyForUserAction,
} from '@portal/domain';
import { IconDots } from '@tabler/icons-react';
import { userRowMenuLabel } from '@/features/facility-users';
import { DisabledMenuItem } from './disabled-menu-item.tsx';

/** Why an item the caller may not use is disabled. */
export const NOT_ALLOWED = 'You do not have permission for this user';

export interface PharmacyUserRowMenuProps {
  user: PharmacyUser;
  callerId: number;
  standings: readonly PharmacyStanding[];
  onViewPharmacies: () => void;
  /** Opens the action's dialog; `pharmID` is the shared pharmacy the call goes through (its `entityId`). */
  onAction: (action: PharmacyUserAction, pharmID: string) => void;
}

const GATED: readonly { label: string; action: PharmacyUserAction }[] = [
  { label: 'Reset Password', action: 'resetPassword' },
  { label: 'Edit Name and Phone', action: 'editProfile' },
  { label: 'Edit User Settings', action: 'editSettings' },
  { label: 'Delete User', action: 'delete' },
];

/**
 * The row menu (spec 2, section 2): View / Edit Pharmacies always; Reset Password, Edit Name and Phone, Edit User
 * Settings and Delete User where the domain rule allows them (section 6), otherwise disabled with the reason.
 */
export function PharmacyUserRowMenu({
  user,
  callerId,
  standings,
  onViewPharmacies,
  onAction,
}: PharmacyUserRowMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={userRowMenuLabel(user)}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onViewPharmacies}>View / Edit Pharmacies</Menu.Item>
        {GATED.map(({ label, action }) => {
          const pharmID = pharmacyForUserAction(action, callerId, standings, user);
          return pharmID === null ? (
            <DisabledMenuItem key={action} reason={NOT_ALLOWED}>
              {label}
            </DisabledMenuItem>
          ) : (
            <Menu.Item key={action} onClick={() => onAction(action, pharmID)}>
              {label}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
