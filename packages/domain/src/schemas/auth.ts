import { z } from 'zod';
import { USER_TYPES } from '../roles.ts';
import { ProfileVersionSchema, USER_MESSAGES } from './user-fields.ts';

// Strings from outside are bounded so a 1 MB field is a 400, never work for the hasher. A field left out says what
// is missing, not that undefined is not a string; each limit carries its own message, or it would say that too.
const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, USER_MESSAGES.tooLong(254))
  .email('Invalid email');
const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .max(1024, USER_MESSAGES.tooLong(1024));

/** `POST /login` body. */
export const LoginInputSchema = z.strictObject({ email, password });
export type LoginInput = z.infer<typeof LoginInputSchema>;

/** `POST /users/authenticate` body: the same sign-in with `username` (the email). */
export const AuthenticateInputSchema = z.strictObject({ username: email, password });
export type AuthenticateInput = z.infer<typeof AuthenticateInputSchema>;

/** One entry of `entityTypeAndRole`: a facility or a pharmacy and the user's role there. */
export const EntityRoleSchema = z.union([
  z.object({ facid: z.number().int(), userRole: z.string() }),
  z.object({ pharid: z.string(), userRole: z.string() }),
]);
export type EntityRole = z.infer<typeof EntityRoleSchema>;

/** Per-user dashboard configuration: `widget_{key}_SortOrder`, `widget_{key}_Show`, `allowToSetSettings`. */
export const UserSettingsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
export type UserSettings = z.infer<typeof UserSettingsSchema>;

/** Messaging-service credentials as the client may see them: never the password or key. */
export const MediprocityInfoSchema = z.object({
  user: z.string(),
  hasPassword: z.boolean(),
  hasEncryptionKey: z.boolean(),
});

/** The signed-in user as every client sees them (reference/api.md, "Authentication"). */
export const UserInfoSchema = z.object({
  userId: z.number().int(),
  email: z.string(),
  displayName: z.string(),
  phone: z.string(),
  title: z.string(),
  userType: z.enum(USER_TYPES),
  userRole: z.string(),
  betaUser: z.boolean(),
  mediprocityUser: z.boolean(),
  mediprocityInfo: MediprocityInfoSchema.nullable(),
  mustChangePassword: z.boolean(),
  /** Two-step sign-in is on for this user. */
  mfaEnabled: z.boolean(),
  /** MFA_REQUIRED_FOR_ADMINS holds every data call back (403 MFA_ENROLMENT_REQUIRED) until the user enrols. */
  mfaEnrolmentRequired: z.boolean(),
  userSettings: UserSettingsSchema,
  entityTypeAndRole: z.array(EntityRoleSchema),
  /** The name and phone's version, which the Account Info page sends back with a change of either. */
  profileVersion: ProfileVersionSchema,
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** Answer of `POST /login` and `POST /users/authenticate`. */
export const LoginAnswerSchema = z.object({ token: z.string(), userInfo: UserInfoSchema });
export type LoginAnswer = z.infer<typeof LoginAnswerSchema>;

/** Answer of `GET /tokeninfo`. */
export const TokenInfoAnswerSchema = z.object({ userInfo: UserInfoSchema });

/** Answer of `POST /loginWithToken`. */
export const TokenAnswerSchema = z.object({ token: z.string() });

/** Plain `{ message }` answer. */
export const MessageAnswerSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof MessageAnswerSchema>;
