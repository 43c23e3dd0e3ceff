import { Button, Group } from '@mantine/core';

export interface FormButtonsProps {
  submitLabel: string;
  isSubmitting: boolean;
  onCancel: () => void;
}

/** Cancel and submit at the foot of a dialog's form. */
export function FormButtons({ submitLabel, isSubmitting, onCancel }: FormButtonsProps) {
  return (
    <Group justify="flex-end" mt="md">
      <Button variant="default" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={isSubmitting}>
        {submitLabel}
      </Button>
    </Group>
  );
}
