import { useParams } from 'react-router';
import { FacilitySettingsPage } from '@/features/facility-settings';

/** /facility/facilitySettings/:facID */
export function FacilitySettingsRoute() {
  const { facID = '' } = useParams();
  // Keyed by facility so unsaved edits of one facility never show on another.
  return <FacilitySettingsPage key={facID} facID={facID} />;
}
