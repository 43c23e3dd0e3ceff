import { Drawer, Stack, Text } from '@mantine/core';
import { ChoiceGroup } from './layout-choice-group.tsx';

export interface LayoutDrawerProps {
  opened: boolean;
  onClose: () => void;
}

/** The 'Layout' drawer: layout, width, sidebar theme and sidebar type, kept in local storage. */
export function LayoutDrawer({ opened, onClose }: LayoutDrawerProps) {
  return (
    <Drawer opened={opened} onClose={onClose} title="Layout" position="right" size="sm">
      <Stack gap="lg">
        <ChoiceGroup
          name="layout"
          label="Layout"
          options={[
            { value: 'vertical', label: 'Vertical' },
            { value: 'topnav', label: 'Horizontal (top navigation)' },
            { value: 'detached', label: 'Detached' },
          ]}
        />
        <ChoiceGroup
          name="width"
          label="Width"
          options={[
            { value: 'fluid', label: 'Fluid' },
            { value: 'boxed', label: 'Boxed' },
          ]}
        />
        <ChoiceGroup
          name="sidebarTheme"
          label="Sidebar theme"
          options={[
            { value: 'default', label: 'Default' },
            { value: 'light', label: 'Light' },
            { value: 'dark', label: 'Dark' },
          ]}
        />
        <ChoiceGroup
          name="sidebarType"
          label="Sidebar type"
          options={[
            { value: 'fixed', label: 'Fixed' },
            { value: 'condensed', label: 'Condensed (icons only)' },
            { value: 'scrollable', label: 'Scrollable' },
          ]}
        />
        <Text size="sm" c="dimmed">
          Between 768 and 1028 pixels wide the sidebar is always condensed. The sidebar starts dark each time
          the portal opens.
        </Text>
      </Stack>
    </Drawer>
  );
}
