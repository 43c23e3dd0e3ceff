import {
  ALERT_ID_MESSAGES,
  AnyAlertSchema,
  ApiErrorBodySchema,
  alertIdentifier,
  ENDPOINTS,
  WidgetKeySchema,
  widgetByKey,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { toWireAlert } from './mapping.ts';
import { findActions } from './queries.ts';
import { alertForViewer } from './viewer.ts';

const refusals = { 400: ApiErrorBodySchema, 401: ApiErrorBodySchema, 404: ApiErrorBodySchema };

/** One alert for its detail page or modal, live or archived (widgets.md: a detail page finds either). */
export async function alertDetailRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    ENDPOINTS.alertDetail,
    {
      schema: {
        tags: ['alerts'],
        summary: 'One alert with its discussion',
        description:
          'identifier is the prescription number (the admission group id for admissionMeds); the live alert is ' +
          'preferred over archived ones. internalId pins one exact alert (from a list row).',
        params: z.strictObject({ key: WidgetKeySchema, identifier: alertIdentifier() }),
        querystring: z.strictObject({
          // Digits only: coercion would read "0x10" or "1e1" as some other alert's id.
          internalId: z
            .string()
            .regex(/^[1-9]\d{0,14}$/, ALERT_ID_MESSAGES.number)
            .transform(Number)
            .optional(),
        }),
        response: { 200: z.object({ alert: AnyAlertSchema }), ...refusals },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const widget = widgetByKey(request.params.key);
      const by = request.query.internalId
        ? { id: request.query.internalId }
        : { identifier: request.params.identifier };
      const target = await alertForViewer(app.db, user, widget, by);
      const actions = await findActions(app.db, [target.alert.id]);
      await recordAudit(app.db, {
        userId: user.id,
        actor: user.email,
        kind: 'alert.view',
        recordType: widget.key,
        recordId: String(target.alert.id),
        facId: target.alert.facId,
        ip: request.ip,
        outcome: 'success',
      });
      return { alert: toWireAlert(widget, target.alert, target.facName, actions.get(target.alert.id) ?? []) };
    },
  );
}
