import { Button, Group, Text } from '@mantine/core';

export interface FormButtonsProps {
  submitLabel: string;
  isSubmitting: boolean;
  onCancel: () => void;
  /**
   * Said beside the buttons while submitting (e.g. 'Sending...'), in a live region that is there from the start so
   * a screen reader reads it out; none when not given.
   */
  submittingStatus?: string | undefined;
}

/** Cancel and submit at the foot of a dialog's form. */
export function FormButtons({ submitLabel, isSubmitting, onCancel, submittingStatus }: FormButtonsProps) {
  return (
    <Group justify="flex-end" mt="md">
      {submittingStatus === undefined ? null : (
        <Text size="sm" c="dimmed" role="status">
          {isSubmitting ? submittingStatus : null}
        </Text>
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
