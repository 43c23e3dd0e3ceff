import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate } from '@portal/domain';
import type { ReactNode } from 'react';
import { SafeHtml } from './safe-html.tsx';

export interface ContentCardProps {
  heading: string;
  date: string;
  author: string;
  html: string;
  badges?: ReactNode;
  children?: ReactNode;
  /** Edit and delete, for admins. */
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}

/** One release note or version as a card: heading, date and author, sanitised HTML, admin buttons. */
export function ContentCard({
  heading,
  date,
  author,
  html,
  badges,
  children,
  onEdit,
  onDelete,
}: ContentCardProps) {
  return (
    <Card withBorder component="article" aria-label={heading}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Title order={2} size="h4">
              {heading}
            </Title>
            {badges}
          </Group>
          <Text size="sm">
            {formatDate(`${date}T12:00:00`)} · {author}
          </Text>
        </Group>
        <SafeHtml html={html} />
        {children}
        {onEdit || onDelete ? (
          <Group gap="xs">
            {onEdit ? (
              <Button size="xs" variant="light" onClick={onEdit} aria-label={`Edit ${heading}`}>
                Edit
              </Button>
            ) : null}
            {onDelete ? (
              <Button
                size="xs"
                variant="light"
                color="red"
                onClick={onDelete}
                aria-label={`Delete ${heading}`}
              >
                Delete
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}
