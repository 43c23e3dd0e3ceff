import { Radio, Stack, Textarea } from '@mantine/core';
import { ACTION_MESSAGES, OTHER_REASON, reasonComment } from '@portal/domain';
import { type FormEvent, useState } from 'react';
import { FormButtons } from '@/components/form-buttons.tsx';
import type { ActionFormProps } from './action-form-props.ts';

export interface ReasonFormProps extends ActionFormProps {
  reasons: readonly string[];
}

/** Send and Do Not Send: a reason from the list; 'Other. See comment...' then needs a comment. */
export function ReasonForm({ reasons, ...form }: ReasonFormProps) {
  const [reason, setReason] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; comment?: string }>({});
  const isOther = reason === OTHER_REASON;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setErrors({ reason: ACTION_MESSAGES.reasonRequired });
      return;
    }
    if (isOther && !comment.trim()) {
      setErrors({ comment: ACTION_MESSAGES.commentRequired });
      return;
    }
    form.onSubmit({ actionComment: reasonComment(reason, comment) });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Radio.Group
          label="Reason"
          withAsterisk
          value={reason}
          onChange={(value) => {
            setReason(value);
            setErrors({});
          }}
          error={errors.reason ?? form.serverFields.actionComment}
        >
          <Stack gap="xs" mt="xs">
            {reasons.map((r) => (
              <Radio key={r} value={r} label={r} />
            ))}
          </Stack>
        </Radio.Group>
        {isOther ? (
          <Textarea
            label="Comment"
            withAsterisk
            rows={2}
            value={comment}
            error={errors.comment}
            onChange={(event) => {
              setComment(event.currentTarget.value);
              setErrors({});
            }}
          />
        ) : null}
      </Stack>
      <FormButtons submitLabel="Submit" isSubmitting={form.isSubmitting} onCancel={form.onCancel} />
    </form>
  );
}
