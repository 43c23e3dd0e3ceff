import { Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { type AnyAlert, formatDateTime, WIDGET_FIELD_SCHEMAS, type Widget } from '@portal/domain';
import { DETAIL_LIST_PAIR_MAX_HEIGHT } from './panel-heights.ts';

export interface CommentListProps {
  widget: Widget;
  alert: AnyAlert;
}

const OpenBatchComments = WIDGET_FIELD_SCHEMAS.openBatch.shape.openBatchCommentList;
const NonCoveredComments = WIDGET_FIELD_SCHEMAS.nonCovered.shape.nonCoveredCommentList;

/** The pharmacy's comments of a clarification (with description) or a non-covered alert. */
export function CommentList({ widget, alert }: CommentListProps) {
  const parsed =
    widget.key === 'openBatch'
      ? OpenBatchComments.safeParse(alert.openBatchCommentList)
      : NonCoveredComments.safeParse(alert.nonCoveredCommentList);
  const comments = parsed.success ? parsed.data : [];
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        Comments
      </Title>
      {comments.length === 0 ? (
        <Text size="sm" c="dimmed">
          No comments
        </Text>
      ) : (
        <ScrollArea.Autosize
          mah={DETAIL_LIST_PAIR_MAX_HEIGHT}
          type="auto"
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Comments' }}
        >
          <Stack gap={4}>
            {comments.map((comment) => (
              <Paper key={`${comment.loggedDateTime}-${comment.comment}`} withBorder p="xs">
                {'qerDescription' in comment ? (
                  <Text size="sm" fw={700}>
                    {String(comment.qerDescription)}
                  </Text>
                ) : null}
                <Text size="sm">{comment.comment}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(comment.loggedDateTime)}
                </Text>
              </Paper>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
