import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

/** Raised when another running process holds the data folder. */
export class DataDirLockedError extends Error {
  constructor(dataDir: string) {
    super(
      `The data folder ${dataDir} is in use by another portal process. The embedded database serves one process; ` +
        'stop the other one, choose another DATA_DIR, or set DATABASE_URL to share a PostgreSQL database.',
    );
    this.name = 'DataDirLockedError';
  }
}

// The holder refreshes the lock every second; a lock not refreshed for 5 s belongs to a dead process (even one
// ended by kill -9), so the next start waits that long at most and then takes it over by itself.
const STALE_MS = 5000;
const UPDATE_MS = 1000;

/** Takes the data folder's lock for this process; answers the release function. */
export async function lockDataDir(
  dataDir: string,
  onLost: (error: Error) => void,
): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, '.portal.lock'),
      stale: STALE_MS,
      update: UPDATE_MS,
      realpath: false,
      retries: { retries: 7, factor: 1, minTimeout: 1000, maxTimeout: 1000 },
      onCompromised: onLost,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DataDirLockedError(dataDir);
    throw error;
  }
}
