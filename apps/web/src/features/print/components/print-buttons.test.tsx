import { MantineProvider } from '@mantine/core';
import { WIDGETS } from '@portal/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { alertFixture } from '@/test/alert-fixtures.ts';
import { AlertPrintButtons } from './alert-print-buttons.tsx';
import { ListPrintButtons } from './list-print-buttons.tsx';

const alert = alertFixture();

describe('print buttons', () => {
  it.each(WIDGETS.map((widget) => [widget.key, widget] as const))(
    'list PDF buttons for %s',
    (key, widget) => {
      render(
        <MantineProvider>
          <ListPrintButtons widget={widget} alerts={[alert]} count={1} />
        </MantineProvider>,
      );
      const expected = key === 'pumpPickup' || key === 'narcoticsRefill';
      expect(screen.queryByRole('button', { name: `Print PDF: ${widget.title} list` }) !== null).toBe(
        expected,
      );
      expect(screen.queryByRole('button', { name: `Download PDF: ${widget.title} list` }) !== null).toBe(
        expected,
      );
    },
  );

  it.each(WIDGETS.map((widget) => [widget.key, widget] as const))(
    'detail PDF buttons for %s',
    (key, widget) => {
      render(
        <MantineProvider>
          <AlertPrintButtons widget={widget} alert={alert} />
        </MantineProvider>,
      );
      const expected = key === 'narcoticsRefill' || key === 'admissionMeds';
      expect(screen.queryAllByRole('button', { name: /^(Print|Download) PDF: / })).toHaveLength(
        expected ? 2 : 0,
      );
    },
  );
});
