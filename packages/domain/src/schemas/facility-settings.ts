import { z } from 'zod';
import { int4IdOrDigits } from './ids.ts';

/** Widgets whose settings a facility can set (spec 1, section 2: the Authorization and High Cost Alerts cards). */
export const SETTINGS_WIDGETS = ['highCost', 'highCostAlerts'] as const;
export type SettingsWidget = (typeof SETTINGS_WIDGETS)[number];

/** Setting names as they are stored and sent (spec 1, section 3). */
export const SETTING_NAMES = {
  maxCount: 'EmailNotificationMaxCount',
  intervalMinutes: 'EmailNotificationIntervalMinutes',
  autoRespond: 'AutoRespondAction',
} as const;

/** Defaults of spec 1, section 9. */
export const SETTING_DEFAULTS = { maxCount: 0, intervalMinutes: 60, limitCount: 1 } as const;

/** Auto-respond options per widget (spec 1, section 6), with the action each sends. '' is no auto-respond. */
export const AUTO_RESPOND_OPTIONS = {
  highCost: [
    { value: 'Approve', label: 'Approve', action: 'approve' },
    { value: 'Deny', label: 'Deny', action: 'deny' },
    { value: 'ApproveOnce', label: 'Approve Once', action: 'approveonce' },
    { value: 'SubmitLimit', label: 'Approve Limit', action: 'submitlimit' },
  ],
  highCostAlerts: [
    { value: 'Approve', label: 'Approve', action: 'approve' },
    { value: 'Deny', label: 'Deny', action: 'deny' },
    { value: 'SubmitLimit', label: 'Approve Limit', action: 'submitlimit' },
  ],
} as const satisfies Record<SettingsWidget, readonly { value: string; label: string; action: string }[]>;

/** Bounds of the numeric settings. */
export const SETTING_LIMITS = {
  maxCount: { min: 0, max: 20 },
  intervalMinutes: { min: 1, max: 10_080 },
  limitCount: { min: 1, max: 9 },
} as const;

/** Messages of the facility settings page (spec 1, sections 5 and 8). */
export const SETTINGS_MESSAGES = {
  invalidEmail: 'Please enter a valid email address.',
  duplicateEmail: 'Email already exists',
  // Each says what is accepted, for any value refused: a fraction, a negative, a number out of range or no number.
  limitCount: `Enter a Limit Count, a whole number from ${SETTING_LIMITS.limitCount.min} to ${SETTING_LIMITS.limitCount.max}`,
  maxCount: `Enter a whole number of email reminders from ${SETTING_LIMITS.maxCount.min} to ${SETTING_LIMITS.maxCount.max}`,
  interval: `Enter a whole number of minutes from ${SETTING_LIMITS.intervalMinutes.min} to ${SETTING_LIMITS.intervalMinutes.max}`,
  unknownAutoRespond: 'Choose one of the auto-respond options',
  autoRespondNotAllowed: 'You may not set an automatic answer that you may not give yourself',
  /** Under an auto-respond option the viewer may not choose (spec 1, section 6: the action buttons' rule). */
  autoRespondUnavailable: 'You may not give this answer yourself at this facility',
  /** Under a saved option the viewer may keep (the server lets an unchanged choice pass) but not choose again. */
  autoRespondKept:
    'You may keep this saved choice, but you may not give this answer yourself, so once you save another you cannot choose it again',
  /** Under the Limit Count of such a kept Approve Limit. */
  limitCountKept: 'Only someone who may give this answer can change it',
  saved: (widgetTitle: string) => `Facility settings for ${widgetTitle}... successfully saved`,
  /** Leaving the page (a link, Back, closing the tab) while a card holds values not yet saved. */
  leaveTitle: 'Unsaved changes',
  leaveMessage: 'Your changes to these facility settings have not been saved. Leave page without saving?',
  /** A save whose `settingsVersion` is no longer the widget's (409): someone saved in between. */
  changedSince:
    'These settings were changed by someone else after you opened them. Your changes were not saved: reload to see the current settings.',
} as const;

/**
 * A widget's settings version as `GET /facility/{facID}` answers it and a save sends it back: opaque, it changes
 * whenever one of the widget's settings does (reminder contacts are apart and do not change it).
 */
export const SettingsVersionSchema = z.string().min(1).max(64);

/** The reminder email rule of spec 1 section 5: local part, @, domain, a 2 to 4 letter suffix. */
export const REMINDER_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/;

/**
 * A reminder contact's address as the server takes it: trimmed, the pattern above, and no longer than an address can
 * be (254 characters), which is the same 'Please enter a valid email address.' to the person typing it.
 */
export const ReminderEmailSchema = z
  .string()
  .trim()
  .max(254, SETTINGS_MESSAGES.invalidEmail)
  .regex(REMINDER_EMAIL_PATTERN, SETTINGS_MESSAGES.invalidEmail);

const email = ReminderEmailSchema;
/**
 * A whole number within `limits`, as a number or a string of digits. Every refusal, a wrong type included, carries
 * `message` (the validation library's own would be 'Invalid input', which does not say what is accepted).
 */
const wholeNumber = (limits: { min: number; max: number }, message: string) =>
  z.union([z.number(), z.string()], { error: message }).refine((value) => {
    const number = typeof value === 'number' ? value : /^\d{1,6}$/.test(value) ? Number(value) : Number.NaN;
    return Number.isInteger(number) && number >= limits.min && number <= limits.max;
  }, message);

/** Body of `POST /facilitysetting`: setting values, a new reminder contact, or both. */
export const FacilitySettingInputSchema = z.strictObject({
  FaciId: int4IdOrDigits(),
  WidgetName: z.enum(SETTINGS_WIDGETS),
  settingValues: z
    .strictObject({
      EmailNotificationMaxCount: wholeNumber(SETTING_LIMITS.maxCount, SETTINGS_MESSAGES.maxCount).optional(),
      EmailNotificationIntervalMinutes: wholeNumber(
        SETTING_LIMITS.intervalMinutes,
        SETTINGS_MESSAGES.interval,
      ).optional(),
      AutoRespondAction: z.string().max(40).optional(),
    })
    .optional(),
  ContactInfo: z.strictObject({ Email: email }).optional(),
  SettingNote: z.string().max(6).optional(),
  /**
   * The widget's `facilitySettingsVersions` entry the form was loaded with. When given and the widget's settings
   * have changed since, the save is refused (409, SETTINGS_MESSAGES.changedSince) and nothing is written. Without it
   * the save writes what it is given, as before.
   */
  settingsVersion: SettingsVersionSchema.optional(),
});
export type FacilitySettingInput = z.infer<typeof FacilitySettingInputSchema>;

/** Body of `POST /editfacisetting`: a reminder contact's new address. */
export const EditContactInputSchema = z.strictObject({
  ContactId: z.union([z.number().int().positive(), z.string().regex(/^\d{1,15}$/)]),
  ContactInfo: z.union([z.strictObject({ Email: email }), email]),
  contactMethod: z.literal('Email').default('Email'),
});

/** Body of `POST /deletefacicontact`. */
export const DeleteContactInputSchema = z.strictObject({
  ContactId: z.union([z.number().int().positive(), z.string().regex(/^\d{1,15}$/)]),
});

/** Answer of `POST /facilitysetting`: the added contact, or a message; with the widget's new version when it saved settings. */
export const FacilitySettingAnswerSchema = z.union([
  z.object({
    faciContact: z.object({
      facilityContactInfoID: z.number().int(),
      contactInfo: z.string(),
      contactMethod: z.string(),
      widget: z.string(),
    }),
    message: z.string(),
    settingsVersion: SettingsVersionSchema.optional(),
  }),
  z.object({ message: z.string(), settingsVersion: SettingsVersionSchema.optional() }),
]);
