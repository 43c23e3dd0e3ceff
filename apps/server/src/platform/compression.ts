import { constants as zlibConstants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * The route-level `compress` options of GET answers that can run large: the alert lists (~1 KB an alert, ~100 KB a
 * page, and a dashboard asks for 11), the administration lists, the file trees, the audit trail with its CSV, the
 * totes of a range of days, and the release notes and versions.
 * Sent compressed to a client that accepts it, at levels chosen for speed (brotli 4, gzip 6: about a millisecond
 * an alert page, ~8x smaller). Never on an answer that carries a token, password, MFA secret, API key or one-time
 * code: compressed next to text a caller can choose, its length gives the secret away (BREACH).
 */
export const LIST_COMPRESSION = {
  encodings: ['br', 'gzip'],
  threshold: 2048,
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
} satisfies FastifyCompressOptions;
