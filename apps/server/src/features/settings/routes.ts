import {
  ApiErrorBodySchema,
  AUTO_RESPOND_OPTIONS,
  canSetAutoRespond,
  DeleteContactInputSchema,
  EditContactInputSchema,
  ENDPOINTS,
  FACILITY_ADMIN_PERMISSIONS,
  FacilitySettingAnswerSchema,
  type FacilitySettingInput,
  FacilitySettingInputSchema,
  MessageAnswerSchema,
  queryInt,
  SETTING_DEFAULTS,
  SETTING_LIMITS,
  SETTING_NAMES,
  SETTINGS_MESSAGES,
  type SettingsWidget,
  widgetByKey,
} from '@portal/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { facilityContacts } from '../../db/schema/index.ts';
import { type FacilityAccess, facilityAccess, pharmacyAccess } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { currentUser, requireActiveUser } from '../../platform/auth.ts';
import { isUniqueViolation } from '../../platform/db-errors.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { findContact, insertContact, lockWidgetSettings, upsertSetting, widgetSettings } from './queries.ts';
import { settingsVersion } from './settings-version.ts';

const refusals = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
  409: ApiErrorBodySchema,
};

const NO_FACILITY = 'No such facility.';
const NO_CONTACT = 'No such contact.';

/**
 * The facility if the viewer may see it (else 404 with `missing`, the answer for what the caller asked for when it
 * does not exist, so another tenant's looks the same) and set its settings (else 403).
 */
async function settableFacility(
  app: FastifyInstance,
  request: FastifyRequest,
  facId: number,
  missing: string = NO_FACILITY,
) {
  const [facility] = await facilityAccess(app.db, currentUser(request), [facId]);
  if (!facility) throw notFound(missing);
  if (!facility.permissions.has(FACILITY_ADMIN_PERMISSIONS.setSettingsForFacility)) {
    throw forbidden('You may not change the settings of this facility.');
  }
  return facility;
}

/** The auto-respond choice that carries a Limit Count in SettingNote (Approve Limit). */
const LIMIT_CHOICE = 'SubmitLimit';

/** A stored Limit Count as the auto-respond sweep reads it (an empty note is the default). */
const limitOf = (note: string | undefined) => Number(note) || SETTING_DEFAULTS.limitCount;

type Values = NonNullable<FacilitySettingInput['settingValues']>;

const asMap = (keys: Set<string> | undefined) => Object.fromEntries([...(keys ?? [])].map((k) => [k, true]));

type Row = { name: string; value: string; note?: string };

/**
 * An auto-respond choice is an answer given in advance to every new alert of the widget, so only someone who may
 * give that answer themselves (the rule of the action buttons, spec 1 section 6) may set it: otherwise a pharmacy
 * colleague who may only Discuss could have the facility approve, and pay for, every high cost alert. Keeping the
 * saved choice (with its Limit Count) passes: the page re-sends it with every save, and someone who may only
 * Discuss must still be able to change the reminders of a facility whose admin chose Approve.
 *
 * `saved` is the stored row as the save's transaction locked it: read before the lock, an admin's change committed
 * in between (Approve to None) let the colleague's re-sent Approve pass as 'kept', and the upsert then wrote it back.
 */
async function assertMayAutoRespond(
  db: Db,
  request: FastifyRequest,
  facility: FacilityAccess,
  widget: SettingsWidget,
  row: Row | undefined,
  saved: { settingValue: string; settingNote: string } | undefined,
) {
  if (!row || row.value === '') return;
  if (
    saved?.settingValue === row.value &&
    (row.value !== LIMIT_CHOICE || limitOf(saved.settingNote) === limitOf(row.note))
  )
    return;
  const user = currentUser(request);
  const pharmacy = (await pharmacyAccess(db, user)).find((p) => p.pharmId === facility.pharmId);
  const isAllowed = canSetAutoRespond(widget, row.value, {
    userType: user.userType,
    userPermissions: asMap(pharmacy?.userPermissions),
    pharmPermissions: asMap(pharmacy?.pharmPermissions),
    facilityPermissions: asMap(facility.permissions),
  });
  if (!isAllowed) throw forbidden(SETTINGS_MESSAGES.autoRespondNotAllowed);
}

function inRange(
  value: number | string | undefined,
  limits: { min: number; max: number },
  field: string,
  message: string,
) {
  if (value === undefined) return undefined;
  // The query strings' rule: text is digits only (Number() would also read '0x5', '5e0' and ' 5' as 5).
  const parsed = queryInt(limits.min, limits.max).safeParse(value);
  if (!parsed.success) throw badRequest(message, { [field]: message });
  return parsed.data;
}

/** Checks every value before anything is written, and answers the rows to store. */
function settingRows(input: FacilitySettingInput, values: Values) {
  const rows: Row[] = [];
  const count = inRange(
    values.EmailNotificationMaxCount,
    SETTING_LIMITS.maxCount,
    'EmailNotificationMaxCount',
    SETTINGS_MESSAGES.maxCount,
  );
  if (count !== undefined) rows.push({ name: SETTING_NAMES.maxCount, value: String(count) });
  const interval = inRange(
    values.EmailNotificationIntervalMinutes,
    SETTING_LIMITS.intervalMinutes,
    'EmailNotificationIntervalMinutes',
    SETTINGS_MESSAGES.interval,
  );
  if (interval !== undefined) rows.push({ name: SETTING_NAMES.intervalMinutes, value: String(interval) });
  if (values.AutoRespondAction !== undefined) {
    const choice = values.AutoRespondAction;
    const options: readonly { value: string }[] = AUTO_RESPOND_OPTIONS[input.WidgetName];
    if (choice !== '' && !options.some((o) => o.value === choice)) {
      throw badRequest(SETTINGS_MESSAGES.unknownAutoRespond, {
        AutoRespondAction: SETTINGS_MESSAGES.unknownAutoRespond,
      });
    }
    const note =
      choice === LIMIT_CHOICE
        ? String(
            inRange(
              input.SettingNote ?? String(SETTING_DEFAULTS.limitCount),
              SETTING_LIMITS.limitCount,
              'SettingNote',
              SETTINGS_MESSAGES.limitCount,
            ),
          )
        : '';
    rows.push({ name: SETTING_NAMES.autoRespond, value: choice, note });
  }
  return rows;
}

/**
 * What a save changed, for the audit trail: each setting whose value or note differs from the stored one, with both
 * (`from` null: never set before). The page sends every setting of a widget on each save, so the names sent alone
 * did not say whether the reminder count or the automatic answer was what changed, nor to what. Numbers and action
 * names only: no patient data.
 */
function settingChanges(
  stored: readonly { settingName: string; settingValue: string; settingNote: string }[],
  rows: readonly Row[],
) {
  const changes: Record<
    string,
    { from: { value: string; note: string } | null; to: { value: string; note: string } }
  > = {};
  for (const row of rows) {
    const before = stored.find((s) => s.settingName === row.name);
    const to = { value: row.value, note: row.note ?? '' };
    if (before && before.settingValue === to.value && before.settingNote === to.note) continue;
    changes[row.name] = {
      from: before ? { value: before.settingValue, note: before.settingNote } : null,
      to,
    };
  }
  return changes;
}

/** Facility alert settings: reminder count and interval, auto-respond, reminder contacts (spec 1, sections 2 and 7). */
export async function settingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireActiveUser);
  const audit = (
    request: FastifyRequest,
    facId: number,
    recordId: string,
    detail: Record<string, unknown>,
  ) => ({
    userId: currentUser(request).id,
    actor: currentUser(request).email,
    kind: 'facility.settings',
    recordType: 'facility',
    recordId,
    facId,
    ip: request.ip,
    outcome: 'success' as const,
    detail,
  });

  app.post(
    ENDPOINTS.facilitySetting,
    {
      schema: {
        tags: ['facility settings'],
        summary: "Save a widget's reminder and auto-respond settings, and/or add a reminder contact",
        description:
          'WidgetName is highCost or highCostAlerts. AutoRespondAction is one of the widget\'s options or "" for none; ' +
          'with SubmitLimit, SettingNote is the Limit Count (1-9, default 1). A duplicate contact is a 409. ' +
          "settingsVersion (optional) is the widget's facilitySettingsVersions entry the form was loaded with: when " +
          "the widget's settings changed since, the answer is a 409 and nothing is saved. A save of settings answers " +
          "the widget's new settingsVersion.",
        body: FacilitySettingInputSchema,
        response: { 200: FacilitySettingAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const input = request.body;
      const facId = Number(input.FaciId);
      const facility = await settableFacility(app, request, facId);
      const rows = settingRows(input, input.settingValues ?? {});
      const email = input.ContactInfo?.Email;
      if (rows.length === 0 && !email)
        throw badRequest('Nothing to save.', { settingValues: 'Give a setting or a contact' });
      const user = currentUser(request);
      const widget = input.WidgetName;
      const saved = await app.db.transaction(async (tx) => {
        let stored: Awaited<ReturnType<typeof lockWidgetSettings>> = [];
        if (rows.length > 0 || input.settingsVersion !== undefined) {
          stored = await lockWidgetSettings(tx, facId, widget);
          // Checked on the locked rows, so of two saves sent with the same version only the first is written.
          if (input.settingsVersion !== undefined && input.settingsVersion !== settingsVersion(stored))
            throw conflict(SETTINGS_MESSAGES.changedSince);
          await assertMayAutoRespond(
            tx,
            request,
            facility,
            widget,
            rows.find((r) => r.name === SETTING_NAMES.autoRespond),
            stored.find((s) => s.settingName === SETTING_NAMES.autoRespond),
          );
        }
        for (const row of rows) await upsertSetting(tx, { facId, widget, userId: user.id, ...row });
        const added = email ? await insertContact(tx, facId, widget, email) : null;
        if (email && !added)
          throw conflict(SETTINGS_MESSAGES.duplicateEmail, { Email: SETTINGS_MESSAGES.duplicateEmail });
        await recordAudit(
          tx,
          audit(request, facId, String(facId), {
            widget,
            settings: rows.map((r) => r.name),
            changes: settingChanges(stored, rows),
            contactAdded: Boolean(added),
            // Where the widget's reminders now go: an address added or changed by mistake (or not) is traceable.
            ...(added ? { contact: added.contactInfo } : {}),
          }),
        );
        const version =
          rows.length > 0 ? settingsVersion(await widgetSettings(tx, facId, widget)) : undefined;
        return { contact: added, version };
      });
      const message = SETTINGS_MESSAGES.saved(widgetByKey(widget).title);
      const answer = saved.version === undefined ? { message } : { message, settingsVersion: saved.version };
      const contact = saved.contact;
      if (!contact) return answer;
      return {
        ...answer,
        faciContact: {
          facilityContactInfoID: contact.id,
          contactInfo: contact.contactInfo,
          contactMethod: contact.contactMethod,
          widget: contact.widget,
        },
      };
    },
  );

  app.post(
    ENDPOINTS.editFacilityContact,
    {
      schema: {
        tags: ['facility settings'],
        summary: "Change a reminder contact's email address",
        body: EditContactInputSchema,
        response: { 200: MessageAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const contact = await findContact(app.db, Number(request.body.ContactId));
      if (!contact) throw notFound(NO_CONTACT);
      await settableFacility(app, request, contact.facId, NO_CONTACT);
      const info = request.body.ContactInfo;
      const email = typeof info === 'string' ? info : info.Email;
      try {
        await app.db.transaction(async (tx) => {
          // The address as it stands now, locked: a colleague's edit since the read is what this one changes.
          const [before] = await tx
            .select({ contactInfo: facilityContacts.contactInfo })
            .from(facilityContacts)
            .where(eq(facilityContacts.id, contact.id))
            .for('update');
          // Deleted by a colleague since it was read: the new address was stored nowhere, so it is not 'updated'.
          if (!before) throw notFound(NO_CONTACT);
          // Saved as it was: nothing changed, and the trail says nothing.
          if (before.contactInfo === email) return;
          await tx
            .update(facilityContacts)
            .set({ contactInfo: email })
            .where(eq(facilityContacts.id, contact.id));
          await recordAudit(
            tx,
            audit(request, contact.facId, String(contact.id), {
              widget: contact.widget,
              contactEdited: true,
              contact: { from: before.contactInfo, to: email },
            }),
          );
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw conflict(SETTINGS_MESSAGES.duplicateEmail, { Email: SETTINGS_MESSAGES.duplicateEmail });
        throw error;
      }
      return { message: 'Contact updated' };
    },
  );

  app.post(
    ENDPOINTS.deleteFacilityContact,
    {
      schema: {
        tags: ['facility settings'],
        summary: 'Remove a reminder contact',
        body: DeleteContactInputSchema,
        response: { 200: MessageAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const contact = await findContact(app.db, Number(request.body.ContactId));
      if (!contact) throw notFound(NO_CONTACT);
      await settableFacility(app, request, contact.facId, NO_CONTACT);
      await app.db.transaction(async (tx) => {
        const [deleted] = await tx
          .delete(facilityContacts)
          .where(eq(facilityContacts.id, contact.id))
          .returning({ contactInfo: facilityContacts.contactInfo });
        // The same delete sent twice at once (a double click): the second finds it gone, as if sent after it.
        if (!deleted) throw notFound(NO_CONTACT);
        await recordAudit(
          tx,
          audit(request, contact.facId, String(contact.id), {
            widget: contact.widget,
            contactDeleted: true,
            contact: deleted.contactInfo,
          }),
        );
      });
      return { message: 'Contact deleted' };
    },
  );
}
