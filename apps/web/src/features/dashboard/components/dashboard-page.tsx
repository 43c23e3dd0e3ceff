import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { type UserSettings, visibleWidgets } from '@portal/domain';
import { ErrorBoundary } from '@/components/error-boundary.tsx';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { WidgetCard } from './widget-card.tsx';

export interface DashboardPageProps {
  userSettings: UserSettings;
}

/** The dashboard: the user's visible widgets in their order, two per row on wide screens. */
export function DashboardPage({ userSettings }: DashboardPageProps) {
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
            // One failing widget leaves the rest of the dashboard working.
            <ErrorBoundary key={widget.key}>
              <WidgetCard widget={widget} />
            </ErrorBoundary>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
