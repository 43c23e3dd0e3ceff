import { Stack, Text, Title } from '@mantine/core';
import { type UserSettings, visibleWidgets, type Widget } from '@portal/domain';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import classes from './dashboard-page.module.css';

export interface DashboardPageProps {
  userSettings: UserSettings;
  /** One widget's card; the route supplies it (with its own error boundary) from the alerts feature. */
  renderWidget: (widget: Widget) => ReactNode;
}

/**
 * The dashboard: the user's visible widgets in their order, two per row where each card can still be 760 px wide (a
 * 1920 px screen), else one (a ward screen, a tablet): dashboard-page.module.css.
 */
export function DashboardPage({ userSettings, renderWidget }: DashboardPageProps) {
  useDocumentTitle('Dashboard');
  const widgets = visibleWidgets(userSettings);
  return (
    <Stack>
      <Title order={1}>Dashboard</Title>
      {widgets.length === 0 ? (
        <Text>No widgets</Text>
      ) : (
        <div className={classes.grid} data-testid="dashboard-widgets">
          {widgets.map((widget) => (
            <div key={widget.key}>{renderWidget(widget)}</div>
          ))}
        </div>
      )}
    </Stack>
  );
}
