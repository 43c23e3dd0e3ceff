import { Badge, Button, Group } from '@mantine/core';
import { widgetByPath } from '@portal/domain';
import { Link, Navigate, useParams } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page.tsx';
import { PATHS, widgetPagePath } from '@/lib/paths.ts';

const ARCHIVE_SUFFIX = /\/archive$/i;

/**
 * /alerts/{widget} and /alerts/{widget}/archive. The segment may be any spelling the catalogue accepts (any
 * case, aliases such as pharmacyalerts/refilltoosoon); it is rewritten to the widget's own path. Unknown
 * widgets go to the dashboard.
 */
export function WidgetPageRoute() {
  const splat = (useParams()['*'] ?? '').replace(/\/+$/, '');
  const isArchive = ARCHIVE_SUFFIX.test(splat);
  const widget = widgetByPath(splat.replace(ARCHIVE_SUFFIX, ''));
  if (!widget) return <Navigate to={PATHS.dashboard} replace />;
  const canonical = widgetPagePath(widget, isArchive);
  if (`/alerts/${splat}` !== canonical) return <Navigate to={canonical} replace />;

  return (
    <PlaceholderPage
      title={isArchive ? `${widget.title} Archive` : widget.title}
      comingLater={
        isArchive
          ? 'the archived alerts of this widget, with From and To dates and a sortable table.'
          : 'the alerts of this widget with a total, refresh and a sortable table.'
      }
    >
      <Group>
        {isArchive ? <Badge color="gray">Archive</Badge> : null}
        <Button component={Link} to={widgetPagePath(widget, !isArchive)} variant="default">
          {isArchive ? 'Current' : 'Archive'}
        </Button>
      </Group>
    </PlaceholderPage>
  );
}
