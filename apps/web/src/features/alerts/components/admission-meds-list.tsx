import { Button, Collapse, ScrollArea, Stack, Table } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type AnyAlert, formatDate, formatMoney, WIDGET_FIELD_SCHEMAS } from '@portal/domain';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useId } from 'react';
import { DETAIL_LIST_PAIR_MAX_HEIGHT } from './panel-heights.ts';

export interface AdmissionMedsListProps {
  alert: AnyAlert;
}

const MedsSchema = WIDGET_FIELD_SCHEMAS.admissionMeds.shape.admissionMedsDetailsList;

/** The admission group's medications, collapsible (spec 1, section 2). */
export function AdmissionMedsList({ alert }: AdmissionMedsListProps) {
  const [opened, { toggle }] = useDisclosure(true);
  const id = useId();
  const parsed = MedsSchema.safeParse(alert.admissionMedsDetailsList);
  const meds = parsed.success ? parsed.data : [];
  return (
    <Stack gap={4}>
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={toggle}
        aria-expanded={opened}
        aria-controls={id}
        rightSection={
          opened ? <IconChevronUp size={14} aria-hidden /> : <IconChevronDown size={14} aria-hidden />
        }
        w="fit-content"
      >
        Medications ({meds.length})
      </Button>
      <Collapse expanded={opened} id={id}>
        <ScrollArea.Autosize
          mah={DETAIL_LIST_PAIR_MAX_HEIGHT}
          type="auto"
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Medications' }}
        >
          <Table aria-label="Medications" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">RX number</Table.Th>
                <Table.Th scope="col">Drug</Table.Th>
                <Table.Th scope="col">Dispensed</Table.Th>
                <Table.Th scope="col">Days supply</Table.Th>
                <Table.Th scope="col">Quantity</Table.Th>
                <Table.Th scope="col">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {meds.map((med) => (
                <Table.Tr key={med.rxNo}>
                  <Table.Td>{med.rxNo}</Table.Td>
                  <Table.Td>{med.drug}</Table.Td>
                  <Table.Td>{formatDate(med.dispenseDt)}</Table.Td>
                  <Table.Td>{med.daysSupply ?? ''}</Table.Td>
                  <Table.Td>{med.qty ?? ''}</Table.Td>
                  <Table.Td>{formatMoney(med.ttlPrice)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      </Collapse>
    </Stack>
  );
}
