import { Badge, Card, Modal, SimpleGrid, Text } from '@mantine/core';
import { formRegion, PHARMACY_FORM_LABELS } from './pharmacy-forms.ts';

export interface PharmacyFormsModalProps {
  pharmID: string;
  faciID: string;
  onClose: () => void;
}

/** The forms modal (`?pharmID=&faciID=`): a grid of form cards for the pharmacy's region. */
export function PharmacyFormsModal({ pharmID, faciID, onClose }: PharmacyFormsModalProps) {
  const region = formRegion(pharmID);
  return (
    <Modal opened onClose={onClose} title={`Forms for facility ${faciID} (${pharmID})`} size="lg" returnFocus>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {PHARMACY_FORM_LABELS.map((label) => (
          <Card key={label} withBorder padding="md">
            <Text fw={600} tt="capitalize">
              {label}
            </Text>
            <Badge mt="xs" variant="light">
              {region}
            </Badge>
          </Card>
        ))}
      </SimpleGrid>
    </Modal>
  );
}
