import { ActionIcon, Menu } from '@mantine/core';
import { FACILITY_ADMIN_PERMISSIONS, type Facility, hasAll } from '@portal/domain';
import { IconDots } from '@tabler/icons-react';
import { Link } from 'react-router';

export interface FacilityRowMenuProps {
  facility: Facility;
}

/**
 * The row menu of spec 2: Add User and View Users (user administration arrives with its own release, so they are
 * shown disabled and say so), and Facility Settings only where the facility allows setting them.
 */
export function FacilityRowMenu({ facility }: FacilityRowMenuProps) {
  const maySetSettings = hasAll(facility.permissions, FACILITY_ADMIN_PERMISSIONS.setSettingsForFacility);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${facility.facName}`}>
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item disabled title="Coming in a later release">
          Add User
        </Menu.Item>
        <Menu.Item disabled title="Coming in a later release">
          View Users
        </Menu.Item>
        {maySetSettings ? (
          <Menu.Item component={Link} to={`/facility/facilitySettings/${facility.facID}`}>
            Facility Settings
          </Menu.Item>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
