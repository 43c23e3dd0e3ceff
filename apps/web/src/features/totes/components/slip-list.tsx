import { Button, CopyButton, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { type PackingSlip, TOTES_MESSAGES } from '@portal/domain';
import { IconPrinter } from '@tabler/icons-react';
import { PackingSlipView } from './packing-slip-view.tsx';
import './print.css';

export interface SlipListProps {
  slips: readonly PackingSlip[] | undefined;
  isPending: boolean;
  /** The public link of a slip; omitted on the public page itself. */
  publicLinkOf?: (slip: PackingSlip) => string;
}

/** The slips of a tote with a print button; the print view is the slips alone (print.css). */
export function SlipList({ slips, isPending, publicLinkOf }: SlipListProps) {
  if (isPending) return <Loader role="status" aria-label="Loading packing slips" />;
  if (!slips || slips.length === 0) return <Text>{TOTES_MESSAGES.empty}</Text>;
  return (
    <Stack className="packing-slip-print">
      <Group className="no-print" align="flex-end">
        <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
          Print
        </Button>
        {publicLinkOf
          ? slips.slice(0, 1).map((slip) => <PublicLink key={slip.psid} link={publicLinkOf(slip)} />)
          : null}
      </Group>
      {slips.map((slip) => (
        <PackingSlipView key={slip.psid} slip={slip} />
      ))}
    </Stack>
  );
}

function PublicLink({ link }: { link: string }) {
  return (
    <Group gap="xs" align="flex-end" style={{ flex: 1 }}>
      <TextInput
        label="Public link"
        description={TOTES_MESSAGES.linkLifetime}
        value={link}
        readOnly
        style={{ flex: 1 }}
        miw={220}
      />
      <CopyButton value={link}>
        {({ copied, copy }) => (
          <Button variant="light" onClick={copy}>
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
