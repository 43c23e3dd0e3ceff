import { Alert, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import {
  FACILITY_ADMIN_PERMISSIONS,
  hasAll,
  int4IdText,
  SETTINGS_MESSAGES,
  SETTINGS_WIDGETS,
  type SettingsWidget,
} from '@portal/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ErrorBoundary } from '@/components/error-boundary.tsx';
import { useLeavePendingGuard } from '@/components/use-leave-pending-guard.tsx';
import { useDocumentTitle } from '@/hooks/use-document-title.ts';
import { useUnsavedParts } from '@/hooks/use-unsaved-parts.ts';
import { isApiError } from '@/lib/api-error.ts';
import { facilityQuery } from '../api/get-facility.ts';
import { notifyFailed } from '../notify-settings.ts';
import { WidgetSettingsCard } from './widget-settings-card.tsx';

export interface FacilitySettingsPageProps {
  facID: string;
}

const HEADING = 'Facility Settings for';

/** /facility/facilitySettings/:facID: the Authorization and High Cost Alerts cards of one facility. */
export function FacilitySettingsPage({ facID }: FacilitySettingsPageProps) {
  // An address whose id is no facility id (a mistyped link) names no facility, as one not visible does: not asked for,
  // since the server refuses it (400) and the page said 'Facility Settings for' over 'The request is not valid.'.
  const isFacilityId = int4IdText().safeParse(facID).success;
  const query = useQuery({ ...facilityQuery(facID), enabled: isFacilityId });
  const isMissing = !isFacilityId || isApiError(query.error, 404);
  useDocumentTitle(query.data ? `${HEADING} ${query.data.facility.facName}` : 'Facility Settings');
  // A director of nursing who changed a card's values and then follows a link (or Back, or closes the tab) is asked
  // first, as the dialogs holding pending rows ask: the cards' edits live only in the page and went unseen.
  const { isUnsaved, onUnsavedChange } = useUnsavedParts<SettingsWidget>();
  useLeavePendingGuard(isUnsaved, {
    title: SETTINGS_MESSAGES.leaveTitle,
    message: SETTINGS_MESSAGES.leaveMessage,
  });

  useEffect(() => {
    // A 401 already signs out with its own toast, and a 404 has its own state below.
    if (query.error && !isApiError(query.error, 401) && !isApiError(query.error, 404))
      notifyFailed(query.error);
  }, [query.error]);

  if (query.isPending && !isMissing) {
    return (
      <Stack>
        <Title order={1}>{HEADING}</Title>
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text>Loading Settings...</Text>
        </Group>
      </Stack>
    );
  }
  // A reload that fails for any other reason keeps the page as it was, with what was typed in it (the toast above
  // says it failed, and Reload can be tried again); a first load that failed, or a facility the user may no longer
  // see, shows the error in its place.
  const isRefused = isMissing || isApiError(query.error, 403);
  if (isMissing || (query.isError && (query.data === undefined || isRefused))) {
    return (
      <Stack>
        <Title order={1}>{isMissing ? 'No such facility' : HEADING}</Title>
        <Alert color={isMissing ? 'yellow' : 'red'} role="alert">
          {isMissing ? `There is no facility ${facID} that you can see.` : `Error: ${query.error?.message}`}
        </Alert>
      </Stack>
    );
  }

  if (query.data === undefined) return null;
  const { facility } = query.data;
  const canSet = hasAll(facility.permissions, FACILITY_ADMIN_PERMISSIONS.setSettingsForFacility);
  return (
    <Stack>
      <Title order={1}>
        {HEADING} {facility.facName}
      </Title>
      {canSet ? (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          {SETTINGS_WIDGETS.map((widget) => (
            <ErrorBoundary key={widget}>
              <WidgetSettingsCard
                facID={facID}
                facility={facility}
                widget={widget}
                onUnsavedChange={onUnsavedChange}
              />
            </ErrorBoundary>
          ))}
        </SimpleGrid>
      ) : (
        <Alert
          color="yellow"
          role="note"
          title={
            // The theme's yellow on its light tint is too faint for a title (axe contrast): body text colour instead.
            <Text span fw={700} c="var(--mantine-color-text)">
              Settings are not available
            </Text>
          }
        >
          You do not have permission to set the settings of this facility.
        </Alert>
      )}
    </Stack>
  );
}
