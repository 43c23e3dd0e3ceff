import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type UserSettings, visibleWidgets, type Widget } from '@portal/domain';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';

export interface DashboardPageProps {
  userSettings: UserSettings;
  /** One widget's card; the route supplies it (with its own error boundary) from the alerts feature. */
  renderWidget: (widget: Widget) => ReactNode;
}

/** The dashboard: the user's visible widgets in their order, two per row on wide screens, one on a tablet. */
export function DashboardPage({ userSettings, renderWidget }: DashboardPageProps) {
  useDocumentTitle('Dashboard');
  const widgets = visibleWidgets(userSettings);
  return (
    <Stack>
      <Title order={1}>Dashboard</Title>
      {widgets.length === 0 ? (
        <Text>No widgets</Text>
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }} data-testid="dashboard-widgets">
          {widgets.map((widget) => (
            <div key={widget.key}>{renderWidget(widget)}</div>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
