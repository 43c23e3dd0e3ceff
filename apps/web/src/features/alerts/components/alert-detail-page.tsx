import { Paper, Stack, Title } from '@mantine/core';
import type { Widget } from '@portal/domain';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { AlertDetailView } from './alert-detail-view.tsx';

export interface AlertDetailPageProps {
  widget: Widget;
  identifier: string;
  /** The alert's own number, when the link pins it (an archived alert's copied link). */
  internalId?: number | null;
}

/** An alert's own page (/{detailPath}/{identifier}): the same detail as the modal, live or archived. */
export function AlertDetailPage({ widget, identifier, internalId = null }: AlertDetailPageProps) {
  useDocumentTitle(`${widget.title} ${identifier}`);
  return (
    <Stack>
      <Title order={1}>
        {widget.title} {identifier}
      </Title>
      <Paper withBorder p="md">
        <AlertDetailView widget={widget} identifier={identifier} internalId={internalId} />
      </Paper>
    </Stack>
  );
}
