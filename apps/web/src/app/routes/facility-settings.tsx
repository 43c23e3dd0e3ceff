import { useParams } from 'react-router';
import { PlaceholderPage } from '@/components/placeholder-page.tsx';

/** /facility/facilitySettings/:facID */
export function FacilitySettingsRoute() {
  const { facID = '' } = useParams();
  return (
    <PlaceholderPage
      title={`Facility Settings for facility ${facID}`}
      comingLater="email reminders and auto-respond choices for Authorization and High Cost Alerts."
    />
  );
}
