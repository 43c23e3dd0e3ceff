import { ActionIcon, Menu } from '@mantine/core';
import { FACILITY_ADMIN_PERMISSIONS, type Facility, hasAll } from '@portal/domain';
import { IconDots } from '@tabler/icons-react';
import { Link } from 'react-router';

export interface FacilityRowMenuProps {
  facility: Facility;
  /** Whether the viewer may add users here (the domain's user-administration rule). */
  mayAddUser: boolean;
  onAddUser: () => void;
  onViewUsers: () => void;
}

/**
 * The row menu of spec 2: Add User (disabled unless the viewer may manage the facility), View Users, and Facility
 * Settings only where the facility allows setting them.
 */
export function FacilityRowMenu({ facility, mayAddUser, onAddUser, onViewUsers }: FacilityRowMenuProps) {
  const maySetSettings = hasAll(facility.permissions, FACILITY_ADMIN_PERMISSIONS.setSettingsForFacility);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${facility.facName}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item disabled={!mayAddUser} onClick={onAddUser}>
          Add User
        </Menu.Item>
        <Menu.Item onClick={onViewUsers}>View Users</Menu.Item>
        {maySetSettings ? (
          <Menu.Item component={Link} to={`/facility/facilitySettings/${facility.facID}`}>
            Facility Settings
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
