import { Alert } from '@mantine/core';
import { ACTION_MESSAGES } from '@portal/domain';

/** 'No Active Alert Found': an alert that does not exist, or one the viewer may not see (the server says the same). */
export function AlertNotFound() {
  return (
    <Alert color="red" variant="light" role="alert">
      {ACTION_MESSAGES.noAlert}
    </Alert>
  );
}
