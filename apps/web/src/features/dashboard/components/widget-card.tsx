import { Button, Card, Group, Text, Title } from '@mantine/core';
import type { Widget } from '@portal/domain';
import { IconArrowUpRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { widgetPagePath } from '@/lib/paths.ts';

export interface WidgetCardProps {
  widget: Widget;
}

/** One dashboard widget: its title and a link to its page; the alert table comes with the alerts issue. */
export function WidgetCard({ widget }: WidgetCardProps) {
  return (
    <Card
      withBorder
      shadow="xs"
      radius="md"
      component="section"
      aria-labelledby={`widget-${widget.key}-title`}
    >
      <Card.Section withBorder inheritPadding py="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h4" id={`widget-${widget.key}-title`}>
            {widget.title}
          </Title>
          <Button
            component={Link}
            to={widgetPagePath(widget)}
            variant="subtle"
            size="compact-sm"
            rightSection={<IconArrowUpRight size={14} aria-hidden />}
            aria-label={`Open ${widget.title}`}
          >
            Open
          </Button>
        </Group>
      </Card.Section>
      <Text mt="sm" size="sm" c="dimmed" data-testid="coming-later">
        Coming in a later release: this widget's alert table, count and refresh.
      </Text>
    </Card>
  );
}
