import { Group, TextInput } from '@mantine/core';
import type { SyntheticEvent } from 'react';

export type RangeField = 'from' | 'to';

export interface ArchiveRangeProps {
  from: string;
  to: string;
  today: string;
  problems: Record<string, string>;
  onChange: (range: { from: string; to: string }) => void;
  /**
   * Whether a picker holds part of a date. The browser reports a half-typed date as empty (''), which would read
   * as "no limit"; this tells the page the field is not empty but unfinished.
   */
  onIncompleteChange: (field: RangeField, isIncomplete: boolean) => void;
}

/** From and To of an archive view (YYYY-MM-DD); the messages are the domain's, as the server refuses them. */
export function ArchiveRange({ from, to, today, problems, onChange, onIncompleteChange }: ArchiveRangeProps) {
  // Checked after every key and on leaving the field too: going from one partial date to another, or clearing the
  // last part, changes no value, so no change event comes.
  const check = (field: RangeField) => (event: SyntheticEvent<HTMLInputElement>) =>
    onIncompleteChange(field, event.currentTarget.validity.badInput);
  return (
    <Group align="flex-start" gap="sm">
      <TextInput
        type="date"
        label="From"
        value={from}
        max={to || today}
        error={problems.from}
        onChange={(event) => {
          check('from')(event);
          onChange({ from: event.currentTarget.value, to });
        }}
        onKeyUp={check('from')}
        onBlur={check('from')}
      />
      <TextInput
        type="date"
        label="To"
        value={to}
        max={today}
        error={problems.to}
        onChange={(event) => {
          check('to')(event);
          onChange({ from, to: event.currentTarget.value });
        }}
        onKeyUp={check('to')}
        onBlur={check('to')}
      />
    </Group>
  );
}
