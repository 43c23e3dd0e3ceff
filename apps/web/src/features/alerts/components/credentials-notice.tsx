import { Alert, Anchor } from '@mantine/core';
import { ACTION_MESSAGES } from '@portal/domain';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PATHS } from '@/lib/paths.ts';

/**
 * The red notice for a user without messaging credentials: no action can be sent (spec 1, section 5). The spec's
 * sentence (no full stop) heads it and the link sits under it, so the two do not run together. The link is a box as
 * tall as its line (24.8 px), not only its letters (17 px): a 24 px target (WCAG 2.2, 2.5.8) for a finger on a
 * tablet, where a link in running text would be excused but this one stands alone.
 */
export function CredentialsNotice() {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconLock aria-hidden />}
      role="note"
      title={ACTION_MESSAGES.credentialsRequired}
    >
      <Anchor component={Link} to={PATHS.settingsSpecialtyRxNow} c="red.9" fw={700} display="inline-block">
        Set SpecialtyRx Now credentials
      </Anchor>
    </Alert>
  );
}
