import { ActionIcon, Menu } from '@mantine/core';
import { mayActOnPharmacyUser, type PharmacyStanding, type PharmacyUser } from '@portal/domain';
import { IconDots } from '@tabler/icons-react';
import { DisabledMenuItem } from './disabled-menu-item.tsx';

/** Why an item the caller may not use is disabled. */
export const NOT_ALLOWED = 'You do not have permission for this user';
/** Why the items served by the facility-user administration calls are disabled in this release. */
export const NOT_YET = 'Available when user administration (reset, profile, settings, delete) is released';

export interface PharmacyUserRowMenuProps {
  user: PharmacyUser;
  callerId: number;
  standings: readonly PharmacyStanding[];
  onViewPharmacies: () => void;
}

/**
 * The row menu (spec 2, section 2): View / Edit Pharmacies always; Reset Password, Edit Name and Phone, Edit User
 * Settings and Delete User gated by the domain rule (section 6). Those four use calls (/adminpwdreset,
 * /edituserinfo, /usersetting, /deleteuser) delivered with facility-user administration, so until then they are
 * shown disabled with the reason.
 */
export function PharmacyUserRowMenu({
  user,
  callerId,
  standings,
  onViewPharmacies,
}: PharmacyUserRowMenuProps) {
  const gated = [
    { label: 'Reset Password', action: 'resetPassword' as const },
    { label: 'Edit Name and Phone', action: 'editProfile' as const },
    { label: 'Edit User Settings', action: 'editSettings' as const },
    { label: 'Delete User', action: 'delete' as const },
  ];
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${user.displayName}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={onViewPharmacies}>View / Edit Pharmacies</Menu.Item>
        {gated.map(({ label, action }) => (
          <DisabledMenuItem
            key={action}
            reason={mayActOnPharmacyUser(action, callerId, standings, user) ? NOT_YET : NOT_ALLOWED}
          >
            {label}
          </DisabledMenuItem>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
