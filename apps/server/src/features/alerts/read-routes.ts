import {
  ACTION_MESSAGES,
  AlertReadInputSchema,
  ApiErrorBodySchema,
  canMarkAutomatically,
  canMarkManually,
  ENDPOINTS,
  isWidgetKey,
  MessageAnswerSchema,
  ReplyReadInputSchema,
  WIDGETS,
  widgetByKey,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { alertActions, alerts } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import type { AuthUser } from '../../platform/context.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { alertForViewer } from './viewer.ts';

const refusals = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
};
const PHARMACY_NEVER_MARKS = "Pharmacy users' views never change a facility's read state";

/** The facility's read state belongs to its own staff: pharmacy users and super admins never change it. */
function assertFacilityUser(user: AuthUser) {
  if (user.userType !== 'FacilityUser') throw forbidden(PHARMACY_NEVER_MARKS);
}

/**
 * Read state: each widget's `{R}` call and `POST /requestaction_readByFaci` (spec 1, sections 4 and 6). Marking
 * needs the facility's manual keys, or for marking read its automatic keys (opening an alert).
 */
export async function alertReadRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const audit = (
    db: Db,
    request: FastifyRequest,
    recordType: string,
    recordId: number,
    facId: number,
    readByFaci: boolean,
  ) =>
    recordAudit(db, {
      userId: currentUser(request).id,
      actor: currentUser(request).email,
      kind: 'alert.read',
      recordType,
      recordId: String(recordId),
      facId,
      ip: request.ip,
      outcome: 'success',
      detail: { readByFaci },
    });

  for (const widget of WIDGETS) {
    app.post(
      widget.readCall,
      {
        schema: {
          tags: ['alerts'],
          summary: `${widget.title}: mark an alert read or unread for the facility`,
          body: AlertReadInputSchema,
          response: { 200: MessageAnswerSchema, ...refusals },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const target = await alertForViewer(app.db, user, widgetByKey(widget.key), {
          id: Number(request.body._internalID),
        });
        assertFacilityUser(user);
        const permissions = target.context.facilityPermissions;
        const isAllowed =
          canMarkManually(permissions) || (request.body.readByFaci && canMarkAutomatically(permissions));
        if (!isAllowed) throw forbidden('This facility does not allow marking alerts read or unread.');
        if (target.alert.readByFaci === null)
          throw badRequest(ACTION_MESSAGES.notMarkable, { readByFaci: ACTION_MESSAGES.notMarkable });
        await app.db.transaction(async (tx) => {
          await tx
            .update(alerts)
            .set({ readByFaci: request.body.readByFaci })
            .where(eq(alerts.id, target.alert.id));
          await audit(tx, request, widget.key, target.alert.id, target.alert.facId, request.body.readByFaci);
        });
        return { message: request.body.readByFaci ? 'Marked as read' : 'Marked as unread' };
      },
    );
  }

  app.post(
    ENDPOINTS.requestActionRead,
    {
      schema: {
        tags: ['alerts'],
        summary: 'Mark a pharmacy Reply read or unread for the facility',
        body: ReplyReadInputSchema,
        response: { 200: MessageAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const [entry] = await app.db
        .select({
          id: alertActions.id,
          alertId: alertActions.alertId,
          readByFaci: alertActions.readByFaci,
          widget: alerts.widget,
        })
        .from(alertActions)
        .innerJoin(alerts, eq(alerts.id, alertActions.alertId))
        .where(eq(alertActions.id, Number(request.body.requestActionID)));
      // The same answer as an entry of an alert the caller may not see (alertForViewer): a 404 must not tell that
      // another tenant's entry exists.
      if (!entry || !isWidgetKey(entry.widget)) throw notFound(ACTION_MESSAGES.noAlert);
      const target = await alertForViewer(app.db, user, widgetByKey(entry.widget), { id: entry.alertId });
      assertFacilityUser(user);
      const permissions = target.context.facilityPermissions;
      if (!canMarkManually(permissions) && !canMarkAutomatically(permissions)) {
        throw forbidden('This facility does not allow marking messages read or unread.');
      }
      if (entry.readByFaci === null)
        throw badRequest(ACTION_MESSAGES.entryNotMarkable, { readByFaci: ACTION_MESSAGES.entryNotMarkable });
      await app.db.transaction(async (tx) => {
        await tx
          .update(alertActions)
          .set({ readByFaci: request.body.readByFaci })
          .where(eq(alertActions.id, entry.id));
        await audit(tx, request, 'requestAction', entry.id, target.alert.facId, request.body.readByFaci);
      });
      return { message: request.body.readByFaci ? 'Marked as read' : 'Marked as unread' };
    },
  );
}
