import { Button, Group, Stack, Textarea } from '@mantine/core';
import { ACTION_MESSAGES, type AnyAlert, type Widget } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { useRequestAction } from '../api/request-action.ts';

export interface ReplyBoxProps {
  widget: Widget;
  alert: AnyAlert;
}

/** The pharmacy's answer in the thread: a Reply entry (pharmacy users and super admins only). */
export function ReplyBox({ widget, alert }: ReplyBoxProps) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const send = useRequestAction(widget, alert);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setError(ACTION_MESSAGES.commentRequired);
      return;
    }
    send.mutate(
      { requestedAction: 'Reply', actionComment: text },
      { onSuccess: () => setText(''), onError: (e) => setError(e.message) },
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xs">
        <Textarea
          label="Reply"
          rows={2}
          value={text}
          error={error}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={send.isPending}>
            Send Reply
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
