import { Group, TextInput } from '@mantine/core';

export interface ArchiveRangeProps {
  from: string;
  to: string;
  today: string;
  problems: Record<string, string>;
  onChange: (range: { from: string; to: string }) => void;
}

/** From and To of an archive view (YYYY-MM-DD); the messages are the domain's, as the server refuses them. */
export function ArchiveRange({ from, to, today, problems, onChange }: ArchiveRangeProps) {
  return (
    <Group align="flex-start" gap="sm">
      <TextInput
        type="date"
        label="From"
        value={from}
        max={to || today}
        error={problems.from}
        onChange={(event) => onChange({ from: event.currentTarget.value, to })}
      />
      <TextInput
        type="date"
        label="To"
        value={to}
        max={today}
        error={problems.to}
        onChange={(event) => onChange({ from, to: event.currentTarget.value })}
      />
    </Group>
  );
}
