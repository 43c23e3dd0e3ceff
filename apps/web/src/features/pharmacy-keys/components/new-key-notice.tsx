import { Alert, Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { type CreatedPharmacyKey, PHARMACY_KEY_MESSAGES } from '@portal/domain';
import { IconCheck, IconCopy, IconKey } from '@tabler/icons-react';

export interface NewKeyNoticeProps {
  created: CreatedPharmacyKey;
  onDone: () => void;
}

/** The new key, shown this once with a copy button; the server keeps only its hash. */
export function NewKeyNotice({ created, onDone }: NewKeyNoticeProps) {
  return (
    <Alert
      color="yellow"
      icon={<IconKey size={18} aria-hidden />}
      title={
        // The theme's yellow on its light tint is too faint for a title (axe contrast): body text colour instead.
        <Text span fw={700} c="var(--mantine-color-text)">
          New key "{created.key.name}"
        </Text>
      }
    >
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {PHARMACY_KEY_MESSAGES.shownOnce}
        </Text>
        <Code block aria-label="New API key" style={{ wordBreak: 'break-all' }}>
          {created.secret}
        </Code>
        <Group gap="sm">
          <CopyButton value={created.secret}>
            {({ copied, copy }) => (
              <Button
                onClick={copy}
                variant="light"
                leftSection={
                  copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />
                }
              >
                {copied ? 'Copied' : 'Copy key'}
              </Button>
            )}
          </CopyButton>
          <Button variant="subtle" onClick={onDone}>
            I have stored it
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
