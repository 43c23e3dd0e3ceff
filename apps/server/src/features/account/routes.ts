import {
  ApiErrorBodySchema,
  CREDENTIALS_MESSAGES,
  ENDPOINTS,
  isDashboardSettingsAdmin,
  MediprocityAnswerSchema,
  MediprocityInputSchema,
  MessageAnswerSchema,
  SETTINGS_LOCKED_MESSAGE,
  UserSettingInputSchema,
  WIDGETS,
  widgetSettingKeys,
  withDistinctSortOrders,
} from '@portal/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser, requireActiveUser } from '../../platform/auth.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { sealSecret } from '../../platform/secret-box.ts';
import { findUserInfo } from '../auth/index.ts';
import { mayConfigureUser } from './may-configure.ts';

const refusals = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
};

/** The signed-in user's messaging credentials and dashboard configuration (spec 2, "Settings area"). */
export async function accountRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireActiveUser);
  const audit = (
    request: FastifyRequest,
    kind: string,
    recordId: number,
    detail: Record<string, unknown> = {},
  ) => ({
    userId: currentUser(request).id,
    actor: currentUser(request).email,
    kind,
    recordType: 'user',
    recordId: String(recordId),
    ip: request.ip,
    outcome: 'success' as const,
    detail,
  });

  app.post(
    ENDPOINTS.loginMediprocity,
    {
      schema: {
        tags: ['account'],
        summary: 'Verify and store your messaging-service credentials',
        description:
          'The password and encryption key are sealed (AES-256-GCM) and never sent back to any client.',
        body: MediprocityInputSchema,
        response: { 200: MediprocityAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!(await app.messaging.verify(request.body))) throw badRequest(CREDENTIALS_MESSAGES.rejected);
      const sealed = sealSecret(
        app.secretKey,
        JSON.stringify({ password: request.body.password, encryptionKey: request.body.encryptionKey }),
      );
      await app.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ mediprocityUser: request.body.user, mediprocitySecret: sealed, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        await recordAudit(tx, audit(request, 'credentials.save', user.id));
      });
      return {
        message: CREDENTIALS_MESSAGES.saved,
        mediprocityInfo: { user: request.body.user, hasPassword: true, hasEncryptionKey: true },
      };
    },
  );

  app.post(
    ENDPOINTS.clearMediprocity,
    {
      schema: {
        tags: ['account'],
        summary: 'Remove your messaging-service credentials',
        response: { 200: MessageAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const user = currentUser(request);
      await app.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ mediprocityUser: null, mediprocitySecret: null, updatedAt: new Date() })
          .where(eq(users.id, user.id));
        await recordAudit(tx, audit(request, 'credentials.clear', user.id));
      });
      return { message: CREDENTIALS_MESSAGES.removed };
    },
  );

  app.post(
    ENDPOINTS.userSetting,
    {
      schema: {
        tags: ['account'],
        summary: "Save a user's dashboard order, visibility and lock",
        description:
          "Your own, unless an administrator locked them (allowToSetSettings false); another user's where you hold " +
          'allowToSetSettingsForUsers at one of their facilities or pharmacies. Only administrators change the lock.',
        body: UserSettingInputSchema,
        response: { 200: MessageAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const viewer = currentUser(request);
      const targetId = Number(request.body.UserId);
      const [target] = await app.db
        .select()
        .from(users)
        .where(and(eq(users.id, targetId), isNull(users.deletedAt)));
      if (!target) throw notFound('No such user.');
      const values = Object.fromEntries(
        Object.entries(request.body.settingValues).map(([k, v]) => [
          k,
          v === 'true' ? true : v === 'false' ? false : k.endsWith('_SortOrder') ? Number(v) : v,
        ]),
      );
      const isSelf = target.id === viewer.id;
      const isAdmin = await mayConfigureUser(app.db, viewer, target.id);
      if (!isSelf && !isAdmin) throw notFound('No such user.');
      // One's own: the domain's rule, the one that shows the lock switch on the page (a pharmacy SysAdmin or a
      // facility admin is a settings administrator, and never locked out of their own).
      const mine = isSelf && !isAdmin ? await findUserInfo(app.db, viewer.id, false) : null;
      if (mine && !isDashboardSettingsAdmin(mine)) {
        if (target.settings.allowToSetSettings === false) throw forbidden(SETTINGS_LOCKED_MESSAGE);
        if ('allowToSetSettings' in values)
          throw forbidden('Only an administrator can lock or unlock dashboard settings.');
      }
      // The orders stay a permutation (withDistinctSortOrders): the widgets given an order keep it, and the
      // others make room, so a repeat never leaves the dashboard to a tie-break nobody chose.
      const placed = WIDGETS.filter((w) => widgetSettingKeys(w.key).sortOrder in values).map((w) => w.key);
      const settings = withDistinctSortOrders({ ...target.settings, ...values }, placed);
      const reordered = WIDGETS.map((w) => widgetSettingKeys(w.key).sortOrder).filter(
        (key) => !(key in values) && settings[key] !== target.settings[key],
      );
      await app.db.transaction(async (tx) => {
        await tx.update(users).set({ settings, updatedAt: new Date() }).where(eq(users.id, target.id));
        await recordAudit(
          tx,
          audit(request, 'user.settings', target.id, {
            keys: Object.keys(values),
            ...(reordered.length > 0 ? { reordered } : {}),
          }),
        );
      });
      return { message: `successfully saved settings for ${target.displayName}` };
    },
  );
}
