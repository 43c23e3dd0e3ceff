import { Anchor, Card, SimpleGrid, Text } from '@mantine/core';
import { buildFormLink, type FormPrefill, type SecureForm } from '@portal/domain';
import { IconExternalLink } from '@tabler/icons-react';
import { useClientConfig } from '@/lib/client-config.ts';

export interface FormLinkGridProps {
  forms: readonly SecureForm[];
  prefill: FormPrefill;
}

/** Form cards, each a link opening the prefilled form at the forms service in a new tab. */
export function FormLinkGrid({ forms, prefill }: FormLinkGridProps) {
  const { formsBaseUrl } = useClientConfig();
  if (forms.length === 0) return <Text>No forms for this pharmacy</Text>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      {forms.map((form) => (
        <Card key={form.id} withBorder padding="md">
          <Anchor
            href={buildFormLink(formsBaseUrl, form, prefill)}
            target="_blank"
            rel="noopener noreferrer"
            fw={600}
          >
            {form.label} <IconExternalLink size={14} aria-label="(opens in a new tab)" />
          </Anchor>
        </Card>
      ))}
    </SimpleGrid>
  );
}
