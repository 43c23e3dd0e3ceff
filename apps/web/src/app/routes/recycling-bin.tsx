import { PharmacyUserOnly } from '@/features/auth';
import { FileManagerPage } from '@/features/files';
import { PATHS } from '@/lib/paths.ts';

/** /files/recycling-bin: pharmacy staff only, everyone else goes to /files. */
export function RecyclingBinRoute() {
  return (
    <PharmacyUserOnly redirectTo={PATHS.files}>
      <FileManagerPage bin />
    </PharmacyUserOnly>
  );
}
