import { Anchor, Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { PATHS } from '@/lib/paths.ts';

export interface PublicCardProps {
  title: string;
  children: ReactNode;
}

/** The frame of the public account pages, like the sign-in card, with the way back to sign-in. */
export function PublicCard({ title, children }: PublicCardProps) {
  useDocumentTitle(title);
  return (
    <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={460}>
      <Stack>
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
        <Anchor component={Link} to={PATHS.login} size="sm">
          Back to sign in
        </Anchor>
      </Stack>
    </Paper>
  );
}
