import { constants as zlibConstants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/** The largest answer compressed in one call (see LIST_COMPRESSION). */
export const SYNC_COMPRESSION_MAX_BYTES = 1024 * 1024;

/**
 * The route-level `compress` options of GET answers that can run large: the alert lists (~1 KB an alert, ~100 KB a
 * page, and a dashboard asks for 11), the administration lists, the file trees, the audit trail with its CSV, the
 * totes of a range of days, and the release notes and versions.
 * Sent compressed to a client that accepts it, at levels chosen for speed (brotli 4, gzip 6: about a millisecond
 * an alert page, ~8x smaller). Never on an answer that carries a token, password, MFA secret, API key or one-time
 * code: compressed next to text a caller can choose, its length gives the secret away (BREACH).
 *
 * Up to 1 MB an answer is compressed in one synchronous call and sent with its length. The plugin's own ceiling for
 * that is 8 KB on a 2-core host, and above it every answer goes through a zlib stream, which cost the server about
 * 3x the CPU: a dashboard's 12 calls took 100-140 ms of server CPU with brotli against 25-35 ms this way (bench
 * README, ninth look). A 100-alert page (~85-200 KB) holds the event loop for well under 2 ms; larger answers (an
 * audit CSV, a big file tree) still stream.
 */
export const LIST_COMPRESSION = {
  encodings: ['br', 'gzip'],
  threshold: 2048,
  syncThreshold: SYNC_COMPRESSION_MAX_BYTES,
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
} satisfies FastifyCompressOptions;

/**
 * Brotli for a personal page's HTML (platform/navigation-data.ts): a full dashboard is ~1.5 MB with its answers,
 * compressed once per load (in libuv's threads since the fourteenth look; in one synchronous call before). Quality 3
 * takes half the time of the lists' 4 (on the bench's 1.45 MB dashboard: ~11 against ~21 ms, all of it in the page's
 * time to its first byte) for ~8% more bytes (164 against 152 KB; bench README, thirteenth look).
 */
export const PAGE_BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 3 } };
