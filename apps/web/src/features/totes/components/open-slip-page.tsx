import { Alert, Container, Stack, Title } from '@mantine/core';
import { TOTES_MESSAGES } from '@portal/domain';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { useOpenPackingSlip } from '../api/get-totes.ts';
import { SlipList } from './slip-list.tsx';

/** /open-deposit-slip: a tote's packing slip read-only behind its signed link, without signing in. */
export function OpenSlipPage() {
  useDocumentTitle('Packing Slip');
  const [params] = useSearchParams();
  const { data, isPending } = useOpenPackingSlip(
    params.get('facID') ?? '',
    params.get('toteID') ?? '',
    params.get('auth') ?? '',
  );
  return (
    <Container size="lg" py="md">
      <Stack>
        <Title order={1}>Packing Slip</Title>
        {data?.isRefused ? (
          <Alert color="yellow" title="Link cannot be opened" role="alert">
            {TOTES_MESSAGES.linkRefused}
          </Alert>
        ) : (
          <SlipList slips={data?.slips} isPending={isPending} />
        )}
      </Stack>
    </Container>
  );
}
