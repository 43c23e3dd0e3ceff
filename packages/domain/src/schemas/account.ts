import { z } from 'zod';
import { WIDGET_KEYS } from '../widgets.ts';
import { MediprocityInfoSchema } from './auth.ts';
import { int4IdOrDigits } from './ids.ts';
import { USER_MESSAGES } from './user-fields.ts';

/** Messages of the messaging-service credentials form (spec 2, sections 5 and 8). */
export const CREDENTIALS_MESSAGES = {
  userRequired: 'User is required',
  passwordRequired: 'Password is required',
  keyRequired: 'Encryption key is required',
  saved: 'Credentials successfully saved',
  removed: 'Credentials removed',
  rejected: 'The messaging service did not accept these credentials',
  confirmRemove: 'Remove SpecialtyRx Now credentials? This cannot be undone.',
} as const;

/** A required string: missing, null or empty, it says `message`. */
const required = (message: string) => z.string({ error: message }).min(1, message);

/** Body of `POST /loginmediprocity`. */
export const MediprocityInputSchema = z.strictObject({
  user: required(CREDENTIALS_MESSAGES.userRequired)
    .trim()
    .min(1, CREDENTIALS_MESSAGES.userRequired)
    .max(200, USER_MESSAGES.tooLong(200)),
  password: required(CREDENTIALS_MESSAGES.passwordRequired).max(500, USER_MESSAGES.tooLong(500)),
  encryptionKey: required(CREDENTIALS_MESSAGES.keyRequired).max(500, USER_MESSAGES.tooLong(500)),
});
export type MediprocityInput = z.infer<typeof MediprocityInputSchema>;

/** Answer of `POST /loginmediprocity`: what the client may know of the stored credentials. */
export const MediprocityAnswerSchema = z.object({
  message: z.string(),
  mediprocityInfo: MediprocityInfoSchema,
});

/** Message shown to a user whose dashboard configuration is locked by an administrator. */
export const SETTINGS_LOCKED_MESSAGE = 'your dashboard settings are managed by another user';

const widgetSettingKey = new RegExp(`^widget_(${WIDGET_KEYS.join('|')})_(SortOrder|Show)$`);
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
// A whole number or its digits: Number() would also read true, "0x3" or "1e0" as an order.
const sortOrder = z
  .union([
    z.number(),
    z
      .string()
      .regex(/^\d{1,2}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().min(1).max(WIDGET_KEYS.length));

/** Body of `POST /usersetting`: a user's dashboard order, visibility and lock. */
export const UserSettingInputSchema = z.strictObject({
  UserId: int4IdOrDigits(),
  settingValues: z
    .record(z.string(), z.union([z.boolean(), z.number(), z.string().max(10)]))
    .superRefine((values, ctx) => {
      for (const [key, value] of Object.entries(values)) {
        const issue = (message: string) => ctx.addIssue({ code: 'custom', path: [key], message });
        if (key === 'allowToSetSettings') {
          if (!flag.safeParse(value).success) issue('Must be true or false');
          continue;
        }
        const match = widgetSettingKey.exec(key);
        if (!match) {
          issue('Unknown setting');
          continue;
        }
        if (match[2] === 'Show' && !flag.safeParse(value).success) issue('Must be true or false');
        if (match[2] === 'SortOrder' && !sortOrder.safeParse(value).success)
          issue(`Must be 1 to ${WIDGET_KEYS.length}`);
      }
    }),
});
export type UserSettingInput = z.infer<typeof UserSettingInputSchema>;
