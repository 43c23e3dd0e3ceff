import { Badge, Group, Image, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatDate, formatDateTime, formatPhone, type PackingSlip } from '@portal/domain';
import { Barcode } from './barcode.tsx';
import { PatientDrugs } from './patient-drugs.tsx';

export interface PackingSlipViewProps {
  slip: PackingSlip;
}

/** One packing slip as printed: addresses, the tote barcode, patients and their drugs, and delivery info. */
export function PackingSlipView({ slip }: PackingSlipViewProps) {
  return (
    <Stack gap="sm" component="article" aria-label={`Packing slip ${slip.psid}`}>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={0}>
          <Title order={3}>{slip.pharmName}</Title>
          <Text size="sm">{slip.pharmStreet1}</Text>
          <Text size="sm">
            {slip.pharmCity}, {slip.pharmState} {slip.pharmZip}
          </Text>
          <Text size="sm">{formatPhone(slip.pharmPhone)}</Text>
        </Stack>
        <Stack gap={2} align="flex-end">
          <Barcode value={slip.toteID} />
          <Text size="sm">
            Packing slip {slip.psid} · Ship date {formatDate(slip.shipDate)}
          </Text>
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Stack gap={0}>
          <Text fw={600}>Deliver to</Text>
          <Text size="sm">{slip.facName}</Text>
          <Text size="sm">{slip.facStreet1}</Text>
          <Text size="sm">
            {slip.facCity}, {slip.facState} {slip.facZip}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="sm">Tote {slip.toteID}</Text>
          <Text size="sm">Nursing station {slip.nsName}</Text>
          <Text size="sm">Delivery route {slip.deliveryRoute}</Text>
        </Stack>
      </SimpleGrid>
      {slip.legalHeader ? (
        <Text size="xs" fs="italic">
          {slip.legalHeader}
        </Text>
      ) : null}
      <Table withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Rx</Table.Th>
            <Table.Th>Drug</Table.Th>
            <Table.Th>Qty</Table.Th>
            <Table.Th>Notes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {slip.patientDetails.map((patient) => (
            <PatientDrugs key={patient.patID} patient={patient} />
          ))}
        </Table.Tbody>
      </Table>
      {slip.showDeliveryInfo ? <DeliveryInfo slip={slip} /> : null}
    </Stack>
  );
}

function DeliveryInfo({ slip }: PackingSlipViewProps) {
  return (
    <Stack gap={4} aria-label="Delivery info" role="group">
      <Title order={4}>Delivery</Title>
      <Text size="sm">Delivered by {slip.deliveredBy ?? ''}</Text>
      {slip.receivedBy ? (
        <Text size="sm">
          Received by {slip.receivedBy}
          {slip.signorTitle ? `, ${slip.signorTitle}` : ''} on {formatDateTime(slip.receivedDateTime)}
        </Text>
      ) : (
        <Badge variant="light" color="gray">
          Not signed
        </Badge>
      )}
      {slip.signature ? (
        <Image
          src={`data:image/png;base64,${slip.signature}`}
          alt={`Signature of ${slip.receivedBy ?? 'the receiver'}`}
          w={240}
          fit="contain"
        />
      ) : null}
    </Stack>
  );
}
