import { Alert, Button, Checkbox, CopyButton, Group, List, Stack, Text } from '@mantine/core';
import { useState } from 'react';

export interface RecoveryCodesPanelProps {
  codes: string[];
  /** Called once the user says they have saved the codes. */
  onDone: () => void;
}

function download(codes: string[]) {
  const text = `Care Portal recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'care-portal-recovery-codes.txt';
  link.click();
  URL.revokeObjectURL(url);
}

/** The recovery codes, shown this once: copy, download, and an "I have saved them" confirmation. */
export function RecoveryCodesPanel({ codes, onDone }: RecoveryCodesPanelProps) {
  const [isSaved, setSaved] = useState(false);
  return (
    <Stack component="section" aria-labelledby="recovery-codes-title" maw={520}>
      <Text fw={600} id="recovery-codes-title">
        Your recovery codes
      </Text>
      <Alert color="yellow" variant="light" role="note">
        Keep these somewhere safe. Each code signs you in once if you lose your phone. They are shown only
        now.
      </Alert>
      <List aria-label="Recovery codes" listStyleType="none" ff="monospace" spacing={4}>
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List>
      <Group>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button variant="default" onClick={() => download(codes)}>
          Download codes
        </Button>
      </Group>
      <Checkbox
        label="I have saved my recovery codes"
        checked={isSaved}
        onChange={(e) => setSaved(e.currentTarget.checked)}
      />
      <Button onClick={onDone} disabled={!isSaved} w="fit-content">
        Done
      </Button>
    </Stack>
  );
}
