import {
  ACTION_MESSAGES,
  ApiErrorBodySchema,
  actionPermissionKey,
  canUseButton,
  ENDPOINTS,
  MESSAGES,
  MessageAnswerSchema,
  namesGroup,
  REQUEST_KEY_HEADER,
  type RequestActionInput,
  RequestActionInputSchema,
  widgetByActionWidget,
} from '@portal/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { alertActions } from '../../db/schema/index.ts';
import { assertActive, bearerToken, requireBearer, sessionPolicy } from '../../platform/auth.ts';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import { touchSession } from '../../platform/sessions.ts';
import { runActionStatement } from './action-statement.ts';

const refusals = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
  409: ApiErrorBodySchema,
};

const RequestKeySchema = z.uuid();

/** The Idempotency-Key header: absent (null), or a UUID; anything else is a 400 before anything is read. */
function requestKeyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  const parsed = RequestKeySchema.safeParse(header);
  if (!parsed.success)
    throw badRequest(ACTION_MESSAGES.badRequestKey, { [REQUEST_KEY_HEADER]: ACTION_MESSAGES.badRequestKey });
  return parsed.data.toLowerCase();
}

/** Whether the entry the user stored earlier under this key is this same request (a retry) or another one. */
async function isSameRequest(
  db: Db,
  userId: number,
  requestKey: string,
  request: { alertId: number; action: string; comment: string; limitDays: number | null },
): Promise<boolean> {
  const [earlier] = await db
    .select({
      alertId: alertActions.alertId,
      action: alertActions.action,
      comment: alertActions.comment,
      limitDays: alertActions.limitDays,
    })
    .from(alertActions)
    .where(and(eq(alertActions.requestedByUserId, userId), eq(alertActions.requestKey, requestKey)));
  return (
    earlier !== undefined &&
    earlier.alertId === request.alertId &&
    earlier.action === request.action &&
    earlier.comment === request.comment &&
    earlier.limitDays === request.limitDays
  );
}

/**
 * Which alert the body names: the admission group (its `_internalID` as text, spec 1 section 7, or the
 * `admissionMedsGroupID` field earlier clients send), or the high cost alert id / internal id.
 */
function alertReference(input: RequestActionInput): { id: number } | { identifier: string } {
  if (input.admissionMedsGroupID) return { identifier: input.admissionMedsGroupID };
  if (typeof input._internalID === 'string' && namesGroup(input.widget))
    return { identifier: input._internalID };
  return { id: Number(input.highCostAlertsId ?? input._internalID ?? 0) };
}

const asMap = (keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, true]));

/**
 * `POST /requestaction`: a facility's action or the pharmacy's Reply on an alert (spec 1, sections 5 and 6), in ONE
 * statement (action-statement.ts): session, tenancy, permissions, credentials and the write. The refusals keep the
 * order they had as separate steps: the body (400), 401, 403 password change, 403 two-step set-up required
 * (MFA_REQUIRED_FOR_ADMINS), unknown widget (400), not found (404), another alert than the `_internalUUID` the
 * client saw (409), not offered (400), archived (400), credentials (403), permission (403). Without `_internalUUID`
 * (optional in spec 1 section 7's payload, and earlier clients leave it out) the alert is the one the id names.
 */
export async function alertActionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const policy = sessionPolicy(app);
  app.post(
    ENDPOINTS.requestAction,
    {
      // The statement resolves the session itself (no auth-hook query). Without a token the answer is a 401 before
      // the body is read; with one, a bad body is a 400 before the statement runs, once the session is checked
      // (refuseInputAfterSession, in index.ts).
      config: { sessionInStatement: true },
      onRequest: requireBearer,
      schema: {
        tags: ['alerts'],
        summary: 'Answer an alert with an action, or reply as the pharmacy',
        description:
          'Send and Do Not Send carry the reason in actionComment ("Other. See comment...: <comment>" for Other). ' +
          'limitDays (1-30) only with submitlimit. Needs messaging credentials (403). An action the widget does not ' +
          'offer is a 400, one the viewer lacks the permission for a 403, an alert they cannot see a 404. ' +
          '_internalUUID (optional) is the alert as the client saw it: when the id now names another alert, 409 ' +
          'and nothing is stored. ' +
          'An Idempotency-Key header (a UUID) makes a retry safe: the same key again from the same user stores ' +
          'nothing more and gets the same answer; the key with a different action is a 409.',
        body: RequestActionInputSchema,
        response: { 200: MessageAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const token = bearerToken(request);
      if (!token) throw unauthorized(MESSAGES.notSignedIn);
      const requestKey = requestKeyOf(request.headers[REQUEST_KEY_HEADER]);
      const input = request.body;
      const comment = input.actionComment?.trim() ?? '';
      const limitDays = input.limitDays ?? null;
      const widget = widgetByActionWidget(input.widget) ?? null;
      const isReply = input.requestedAction === 'Reply';
      const button = widget?.buttons.find((b) => b.action === input.requestedAction);
      const now = new Date();
      const found = await runActionStatement(app.db, {
        token,
        policy,
        now,
        widget,
        by: alertReference(input),
        uuid: input._internalUUID?.toLowerCase() ?? null,
        action: input.requestedAction,
        comment,
        limitDays,
        isReply,
        offered: Boolean(button) && !isReply,
        permissionKey: widget && button?.verb ? actionPermissionKey(widget.key, button.verb) : null,
        pharmacyKeyOnly: widget?.key === 'highCostAlerts' && button?.verb === 'ask',
        ip: request.ip,
        requestKey,
      });
      const user = found.user;
      if (!user) throw unauthorized(MESSAGES.notSignedIn);
      const { stale, hasCredentials, ...authUser } = user;
      request.user = authUser;
      // The statement found no alert (so wrote nothing) for a user either gate holds back.
      assertActive(authUser);
      if (stale) await touchSession(app.db, user.sessionId, now);
      if (!widget) throw badRequest('Unknown widget.', { widget: 'Unknown widget' });
      const target = found.target;
      if (!target) throw notFound(ACTION_MESSAGES.noAlert);
      // After the 404, so a UUID never tells of an alert the user may not see; before the rest, which would be
      // decided on an alert the user did not see.
      if (input._internalUUID && input._internalUUID.toLowerCase() !== target.uuid)
        throw conflict(ACTION_MESSAGES.alertChanged, { _internalUUID: ACTION_MESSAGES.alertChanged });
      if (!isReply && !button)
        throw badRequest(ACTION_MESSAGES.notOffered, { requestedAction: ACTION_MESSAGES.notOffered });
      if (!isReply && target.isArchived && input.requestedAction !== 'ask') {
        throw badRequest(ACTION_MESSAGES.archivedOnlyDiscuss, {
          requestedAction: ACTION_MESSAGES.archivedOnlyDiscuss,
        });
      }
      if (!hasCredentials) throw forbidden(ACTION_MESSAGES.credentialsRequired);
      // Replies are the pharmacy's side of the thread; every other action follows the permission rule.
      const isAllowed = isReply
        ? user.userType !== 'FacilityUser'
        : button &&
          canUseButton(widget, button, {
            userType: user.userType,
            userPermissions: asMap(target.userKeys),
            pharmPermissions: asMap(target.pharmacyKeys),
            facilityPermissions: asMap(target.facilityKeys),
            isArchived: target.isArchived,
          });
      if (!isAllowed) {
        if (found.written)
          throw new Error('requestaction: the statement wrote what the permission rule refuses');
        throw forbidden(ACTION_MESSAGES.notAllowed);
      }
      const label = isReply ? 'Reply' : (button?.label ?? input.requestedAction);
      if (found.replayed && requestKey) {
        const request = { alertId: target.id, action: input.requestedAction, comment, limitDays };
        if (!(await isSameRequest(app.db, user.id, requestKey, request)))
          throw conflict(ACTION_MESSAGES.requestKeyReused, {
            [REQUEST_KEY_HEADER]: ACTION_MESSAGES.requestKeyReused,
          });
        // A retry of an action already stored: the first answer again, nothing written twice.
        return { message: `${label} sent for Rx ${target.rxNo}` };
      }
      if (!found.written) throw new Error('requestaction: the statement did not write an allowed action');
      return { message: `${label} sent for Rx ${target.rxNo}` };
    },
  );
}
