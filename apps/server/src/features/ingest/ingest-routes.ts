import {
  ApiErrorBodySchema,
  ENDPOINTS,
  INGEST_MAX_BATCH,
  IngestAnswerSchema,
  ingestBatchSchemaOf,
  PHARMACY_KEY_MESSAGES,
  WIDGETS,
  type WidgetKey,
} from '@portal/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { recordAudit } from '../../platform/audit.ts';
import { bearerToken } from '../../platform/auth.ts';
import { HttpError, unauthorized } from '../../platform/errors.ts';
import { findLiveKey, type PharmacyKeyCaller } from './api-keys.ts';
import { INGEST_EXAMPLES } from './examples.ts';
import { ingestBatch } from './ingest-batch.ts';

declare module 'fastify' {
  interface FastifyRequest {
    pharmacyKey: PharmacyKeyCaller | null;
  }
}

const refusals = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  409: ApiErrorBodySchema,
  413: ApiErrorBodySchema,
};

// 1,000 alerts with long comment lists run to a few MB; the portal's 1 MB default is for people's calls.
const INGEST_BODY_LIMIT = 16 * 1024 * 1024;

const DESCRIPTION = `Creates, updates and archives alerts of this widget for the pharmacy system that holds the key.

- **Auth**: \`Authorization: Bearer cpk_…\`, a pharmacy API key (created under Administration › Pharmacy API Keys
  or \`POST /api/pharmacy-keys\`). Missing, unknown or revoked key: 401. A key writes only its own pharmacy's
  facilities: a row of another facility is a 403 naming the row, and nothing is written.
- **Body**: \`{ "alerts": [ … ] }\` with 1 to ${INGEST_MAX_BATCH} alerts (more: 413), or one alert object on its own.
  Each alert is validated by this widget's schema below; unknown fields are refused. A bad row is a 400 whose
  \`fields\` name it as \`alerts.{index}.{field}\`, and nothing of the batch is written.
- **Idempotent by \`_internalUUID\`**: a new one creates the alert; a known one updates it when a field differs and
  leaves it untouched otherwise, so a retried batch changes nothing. The facility's answer, read state and
  discussion belong to the portal and are never overwritten.
- **Archive**: \`archiveDtTm\` (when) or \`"archived": true\` (now); \`"archived": false\` brings it back.
- **Answer**: how many rows were \`created\`, \`updated\`, \`archived\` and \`unchanged\`. New live alerts are
  answered at once where the facility set an auto-respond action, and their reminder clock runs from
  \`dateCreated\`.`;

/** Resolves the bearer pharmacy key before anything else, so an unauthenticated caller learns nothing. */
async function requirePharmacyKey(this: FastifyInstance, request: FastifyRequest) {
  const secret = bearerToken(request);
  request.pharmacyKey = secret ? await findLiveKey(this.db, secret) : null;
  if (!request.pharmacyKey) throw unauthorized(PHARMACY_KEY_MESSAGES.invalidKey);
}

/** A single alert is a batch of one; a batch over the limit is a 413 before validation does any work. */
async function shapeBatch(request: FastifyRequest) {
  const body = request.body;
  const isBatch = typeof body === 'object' && body !== null && 'alerts' in body;
  if (!isBatch) {
    request.body = { alerts: [body] };
    return;
  }
  if (Array.isArray(body.alerts) && body.alerts.length > INGEST_MAX_BATCH)
    throw new HttpError(413, 'PAYLOAD_TOO_LARGE', `At most ${INGEST_MAX_BATCH} alerts per call.`);
}

/** `POST /api/ingest/{key}`: one route per widget, so each documents and validates its own alert schema. */
export async function ingestRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.decorateRequest('pharmacyKey', null);

  for (const widget of WIDGETS) {
    const key: WidgetKey = widget.key;
    app.post(
      ENDPOINTS.ingest.replace(':key', key),
      {
        bodyLimit: INGEST_BODY_LIMIT,
        onRequest: requirePharmacyKey,
        preValidation: shapeBatch,
        schema: {
          tags: ['ingest'],
          summary: `Create, update or archive ${widget.title} alerts (pharmacy API key)`,
          description: DESCRIPTION,
          security: [{ pharmacyKey: [] }],
          body: ingestBatchSchemaOf(key).meta({ example: { alerts: [INGEST_EXAMPLES[key]] } }),
          response: { 200: IngestAnswerSchema, ...refusals },
        },
      },
      async (request) => {
        const caller = request.pharmacyKey;
        if (!caller) throw unauthorized(PHARMACY_KEY_MESSAGES.invalidKey);
        try {
          return await app.db.transaction((tx) =>
            ingestBatch(tx, key, request.body.alerts, caller, { ip: request.ip, now: new Date() }),
          );
        } catch (error) {
          // The refused batch rolled back; the refusal itself is worth a record.
          if (error instanceof HttpError && error.statusCode === 403)
            await recordAudit(app.db, {
              userId: null,
              actor: `API key ${caller.name} (…${caller.last4})`,
              kind: 'ingest.batch',
              recordType: key,
              recordId: String(caller.id),
              ip: request.ip,
              outcome: 'denied',
              detail: { pharmID: caller.pharmId, keyId: caller.id, reason: error.message },
            });
          throw error;
        }
      },
    );
  }
}
