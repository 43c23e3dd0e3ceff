import { SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { STATE_NAMES } from '@portal/domain';

export interface StateCardsProps {
  /** Facility count by state code. */
  counts: ReadonlyMap<string, number>;
  selected: string | null;
  onSelect: (state: string | null) => void;
}

/** The state filter cards: All, then one per state with its number of facilities; pressed when selected. */
export function StateCards({ counts, selected, onSelect }: StateCardsProps) {
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const cards: [string | null, string, number][] = [
    [null, 'All States', total],
    ...[...counts.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([code, n]): [string, string, number] => [code, STATE_NAMES[code] ?? code, n]),
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} role="group" aria-label="Filter by state">
      {cards.map(([code, name, n]) => (
        <UnstyledButton
          key={code ?? 'all'}
          aria-pressed={selected === code}
          onClick={() => onSelect(code)}
          p="sm"
          bd={`2px solid ${selected === code ? 'var(--mantine-color-blue-8)' : 'var(--mantine-color-gray-3)'}`}
          bdrs="md"
        >
          <Text fw={700}>{name}</Text>
          <Text size="sm">
            {n} {n === 1 ? 'facility' : 'facilities'}
          </Text>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
