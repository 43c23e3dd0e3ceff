import { Alert, Stack, Textarea } from '@mantine/core';
import { ACTION_MESSAGES } from '@portal/domain';
import type { FormEvent } from 'react';
import { useDraft } from '../api/action-drafts.ts';
import { ActionFormFoot } from './action-form-foot.tsx';
import type { ActionFormProps } from './action-form-props.ts';

export interface CommentActionFormProps extends ActionFormProps {
  submitLabel: string;
  /** Approve until Refill Date shows the facility's cost warning. */
  showRefillWarning: boolean;
}

/** Approve, Deny, Approve Once and Approve until Refill Date: an optional comment ('not required'). */
export function CommentActionForm({ showRefillWarning, submitLabel, ...form }: CommentActionFormProps) {
  // A comment typed and closed unsent comes back (api/action-drafts.ts).
  const [{ text: comment }, changeDraft] = useDraft(form.draftKey);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.onSubmit({ actionComment: comment });
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        {showRefillWarning ? (
          <Alert color="yellow" variant="light" role="note">
            {ACTION_MESSAGES.approveUntilRefillWarning}
          </Alert>
        ) : null}
        <Textarea
          label="Comment (not required)"
          rows={3}
          value={comment}
          error={form.serverFields.actionComment}
          onChange={(event) => changeDraft({ text: event.currentTarget.value })}
          data-autofocus
        />
      </Stack>
      <ActionFormFoot form={form} submitLabel={submitLabel} />
    </form>
  );
}
