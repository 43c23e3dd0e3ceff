import { Badge, Table, Text } from '@mantine/core';
import type { PatientDetail } from '@portal/domain';
import { Barcode } from './barcode.tsx';

export interface PatientDrugsProps {
  patient: PatientDetail;
}

/** A patient's heading row (room and bed) and one row per drug, each with its Rx barcode. */
export function PatientDrugs({ patient }: PatientDrugsProps) {
  return (
    <>
      <Table.Tr>
        <Table.Th colSpan={4} scope="rowgroup">
          {patient.patName} ({patient.patID}) · Room {patient.room} · Bed {patient.bed}
        </Table.Th>
      </Table.Tr>
      {patient.drugDetails.map((drug) => (
        <Table.Tr key={`${drug.rxNo}-${drug.roNo}`}>
          <Table.Td>
            <Barcode value={drug.rxNo} height={6} />
          </Table.Td>
          <Table.Td>
            <Text size="sm">{drug.drugLabelName}</Text>
            <Text size="xs">
              {drug.deaClass ? `DEA ${drug.deaClass} · ` : ''}
              {drug.phName}
              {drug.serialNo ? ` · Serial ${drug.serialNo}` : ''}
            </Text>
          </Table.Td>
          <Table.Td>{drug.qty}</Table.Td>
          <Table.Td>
            {drug.newRx ? (
              <Badge size="xs" color="blue" mr={4}>
                New Rx
              </Badge>
            ) : null}
            <Text size="xs" span>
              {drug.packSlipMsg}
            </Text>
          </Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}
