import {
  ACTION_MESSAGES,
  ApiErrorBodySchema,
  canUseButton,
  ENDPOINTS,
  MessageAnswerSchema,
  type RequestActionInput,
  RequestActionInputSchema,
  rowDisplayState,
  widgetByActionWidget,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { alertActions, alerts, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser } from '../../platform/auth.ts';
import { badRequest, forbidden } from '../../platform/errors.ts';
import { alertForViewer } from './viewer.ts';

const refusals = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
};

/** Which alert the body names: the admission group, the high cost alert id, or the internal id. */
function alertReference(input: RequestActionInput) {
  if (input.admissionMedsGroupID) return { identifier: input.admissionMedsGroupID };
  const id = input.highCostAlertsId ?? input._internalID;
  if (id !== undefined) return { id: Number(id) };
  return { uuid: input._internalUUID ?? '' };
}

/** `POST /requestaction`: a facility's action or the pharmacy's Reply on an alert (spec 1, sections 5 and 6). */
export async function alertActionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    ENDPOINTS.requestAction,
    {
      schema: {
        tags: ['alerts'],
        summary: 'Answer an alert with an action, or reply as the pharmacy',
        description:
          'Send and Do Not Send carry the reason in actionComment ("Other. See comment...: <comment>" for Other). ' +
          'limitDays (1-30) only with submitlimit. Needs messaging credentials (403). An action the widget does not ' +
          'offer is a 400, one the viewer lacks the permission for a 403, an alert they cannot see a 404.',
        body: RequestActionInputSchema,
        response: { 200: MessageAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const input = request.body;
      const widget = widgetByActionWidget(input.widget);
      if (!widget) throw badRequest('Unknown widget.', { widget: 'Unknown widget' });
      const target = await alertForViewer(app.db, user, widget, alertReference(input));
      const isReply = input.requestedAction === 'Reply';
      const button = widget.buttons.find((b) => b.action === input.requestedAction);
      if (!isReply && !button)
        throw badRequest(ACTION_MESSAGES.notOffered, { requestedAction: ACTION_MESSAGES.notOffered });
      if (!isReply && target.alert.isArchived && input.requestedAction !== 'ask') {
        throw badRequest(ACTION_MESSAGES.archivedOnlyDiscuss, {
          requestedAction: ACTION_MESSAGES.archivedOnlyDiscuss,
        });
      }
      const [person] = await app.db.select().from(users).where(eq(users.id, user.id));
      if (!person?.mediprocityUser || !person.mediprocitySecret)
        throw forbidden(ACTION_MESSAGES.credentialsRequired);
      // Replies are the pharmacy's side of the thread; every other action follows the permission rule.
      const isAllowed = isReply
        ? user.userType !== 'FacilityUser'
        : button && canUseButton(widget, button, target.context);
      if (!isAllowed) throw forbidden(ACTION_MESSAGES.notAllowed);

      await app.db.transaction(async (tx) => {
        await tx.insert(alertActions).values({
          alertId: target.alert.id,
          action: input.requestedAction,
          comment: input.actionComment?.trim() ?? '',
          limitDays: input.limitDays ?? null,
          requestedByUserId: user.id,
          requestedBy: person.displayName,
          readByFaci: isReply ? false : null,
        });
        const changes = isReply
          ? // A Reply makes a markable alert unread again for the facility.
            { readByFaci: target.alert.readByFaci === null ? null : false, updatedAt: new Date() }
          : {
              srxStatus: input.requestedAction,
              displayStatus: rowDisplayState({ srxStatus: input.requestedAction }),
              updatedAt: new Date(),
            };
        await tx.update(alerts).set(changes).where(eq(alerts.id, target.alert.id));
        await recordAudit(tx, {
          userId: user.id,
          actor: user.email,
          kind: 'alert.action',
          recordType: widget.key,
          recordId: String(target.alert.id),
          facId: target.alert.facId,
          ip: request.ip,
          outcome: 'success',
          detail: { action: input.requestedAction, limitDays: input.limitDays ?? null },
        });
      });
      const label = isReply ? 'Reply' : (button?.label ?? input.requestedAction);
      return { message: `${label} sent for Rx ${target.alert.rxNo}` };
    },
  );
}
