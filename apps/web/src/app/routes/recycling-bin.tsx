import { PlaceholderPage } from '@/components/placeholder-page.tsx';
import { PharmacyUserOnly } from '@/features/auth';
import { PATHS } from '@/lib/paths.ts';

/** /files/recycling-bin: pharmacy staff only, everyone else goes to /files. */
export function RecyclingBinRoute() {
  return (
    <PharmacyUserOnly redirectTo={PATHS.files}>
      <PlaceholderPage
        title="Recycling Bin"
        comingLater="deleted files and folders, with restore and permanent delete."
      />
    </PharmacyUserOnly>
  );
}
