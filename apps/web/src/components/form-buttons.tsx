import { Button, Group, Text } from '@mantine/core';

export interface SubmittingStatusProps {
  isSubmitting: boolean;
  /** What is said while submitting (e.g. 'Sending...'). */
  status: string;
}

/**
 * Says `status` while a form is submitting, in a live region that is there from the start (empty meanwhile) so a
 * screen reader reads it out.
 */
export function SubmittingStatus({ isSubmitting, status }: SubmittingStatusProps) {
  return (
    <Text size="sm" c="dimmed" role="status">
      {isSubmitting ? status : null}
    </Text>
  );
}

export interface FormButtonsProps {
  submitLabel: string;
  isSubmitting: boolean;
  onCancel: () => void;
  /** Said beside the buttons while submitting (SubmittingStatus); none when not given. */
  submittingStatus?: string | undefined;
}

/** Cancel and submit at the foot of a dialog's form. */
export function FormButtons({ submitLabel, isSubmitting, onCancel, submittingStatus }: FormButtonsProps) {
  return (
    <Group justify="flex-end" mt="md">
      {submittingStatus === undefined ? null : (
        <SubmittingStatus isSubmitting={isSubmitting} status={submittingStatus} />
      )}
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={isSubmitting}>
        {submitLabel}
      </Button>
    </Group>
  );
}
