import { Alert, Stack, Title } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';

export interface PlaceholderPageProps {
  /** The page heading (h1) and document title. */
  title: string;
  /** What the finished screen will do. */
  comingLater: string;
  children?: ReactNode;
}

/** A screen that a later release fills in: its real heading, plus a clear notice of what is still to come. */
export function PlaceholderPage({ title, comingLater, children }: PlaceholderPageProps) {
  useDocumentTitle(title);
  return (
    <Stack>
      <Title order={1}>{title}</Title>
      {children}
      <Alert
        variant="light"
        role="note"
        color="blue"
        icon={<IconHourglass aria-hidden />}
        data-testid="coming-later"
      >
        Coming in a later release: {comingLater}
      </Alert>
    </Stack>
  );
}
