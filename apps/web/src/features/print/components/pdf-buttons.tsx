import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import type { PrintDocument } from '../model/print-document.ts';
import { type PdfMode, usePdfExport } from './use-pdf-export.ts';

export interface PdfButtonsProps {
  /** What is printed, for the accessible names: 'Pump Pickup list'. */
  subject: string;
  /** Builds the document when a button is pressed, so it holds the rows on screen at that moment. */
  build: () => PrintDocument;
  /** Icon buttons for a card header; labelled buttons otherwise. */
  isCompact?: boolean;
}

const MODES: { mode: PdfMode; label: string; Icon: typeof IconPrinter }[] = [
  { mode: 'print', label: 'Print PDF', Icon: IconPrinter },
  { mode: 'download', label: 'Download PDF', Icon: IconDownload },
];

/** 'Print PDF' and 'Download PDF' for one document, each showing a loader while the PDF library loads. */
export function PdfButtons({ subject, build, isCompact = false }: PdfButtonsProps) {
  const { pending, run } = usePdfExport();
  return (
    <Group gap={isCompact ? 4 : 'xs'} wrap="nowrap">
      {MODES.map(({ mode, label, Icon }) => {
        const name = `${label}: ${subject}`;
        const common = {
          onClick: () => void run(mode, build),
          loading: pending === mode,
          disabled: pending !== null && pending !== mode,
          'aria-label': name,
        };
        return isCompact ? (
          <Tooltip key={mode} label={name}>
            <ActionIcon variant="subtle" {...common}>
              <Icon size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Button key={mode} variant="default" leftSection={<Icon size={16} aria-hidden />} {...common}>
            {label}
          </Button>
        );
      })}
    </Group>
  );
}
