import { Paper, Stack, Title } from '@mantine/core';
import type { Widget } from '@portal/domain';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { AlertDetailView } from './alert-detail-view.tsx';

export interface AlertDetailPageProps {
  widget: Widget;
  identifier: string;
}

/** An alert's own page (/{detailPath}/{identifier}): the same detail as the modal, live or archived. */
export function AlertDetailPage({ widget, identifier }: AlertDetailPageProps) {
  useDocumentTitle(`${widget.title} ${identifier}`);
  return (
    <Stack>
      <Title order={1}>
        {widget.title} {identifier}
      </Title>
      <Paper withBorder p="md">
        <AlertDetailView widget={widget} identifier={identifier} internalId={null} />
      </Paper>
    </Stack>
  );
}
