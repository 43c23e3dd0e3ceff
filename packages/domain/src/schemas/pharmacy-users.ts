import { z } from 'zod';
import { PHARMACY_ADMIN_MESSAGES } from '../pharmacy-admin.ts';
import { PHARMACY_ROLES } from '../roles.ts';
import { UserSettingsSchema } from './auth.ts';
import {
  emailField,
  newPasswordField,
  optionalPhoneField,
  ProfileVersionSchema,
  USER_MESSAGES,
} from './user-fields.ts';

const PHARMACY_ROLE_NAMES: readonly string[] = PHARMACY_ROLES.map((r) => r.name);

/** A pharmacy id as the wire carries it (`sprx`, `upny`...). */
const pharmId = z.string().trim().min(1).max(40);

/** A pharmacy role name from the catalogue; `required` is the message when none is chosen. */
function pharmacyRoleField(required: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(40)
    .refine((role) => PHARMACY_ROLE_NAMES.includes(role), USER_MESSAGES.selectPharmacyRole);
}

/** What the pharmacy-user forms need from configuration: the password minimum and the staff email domain. */
export interface PharmacyUserRules {
  readonly passwordMinLength: number;
  readonly pharmacyEmailDomain: string;
}

/** An email of pharmacy staff: valid, and ending with `@{PHARMACY_EMAIL_DOMAIN}`. */
export function pharmacyEmailField(domain: string) {
  return emailField().refine(
    (email) => email.endsWith(`@${domain.toLowerCase()}`),
    PHARMACY_ADMIN_MESSAGES.emailDomain(domain),
  );
}

/** Body of `POST /createpharmuser` (spec 2, sections 5 and 7): the same role at every chosen pharmacy. */
export function createPharmUserInputSchema(rules: PharmacyUserRules) {
  return z.strictObject({
    pharmID: z
      .array(pharmId, { error: USER_MESSAGES.selectPharmacy })
      .min(1, USER_MESSAGES.selectPharmacy)
      .max(50)
      .refine((ids) => new Set(ids).size === ids.length, 'Each pharmacy only once'),
    UserRole: pharmacyRoleField(USER_MESSAGES.selectPharmacyRole),
    phone: optionalPhoneField().default(''),
    UserType: z.literal('PharmacyUser').default('PharmacyUser'),
    title: z.string().trim().max(100, USER_MESSAGES.tooLong(100)).default(''),
    displayName: z
      .string({ error: USER_MESSAGES.enterDisplayName })
      .trim()
      .min(1, USER_MESSAGES.enterDisplayName)
      .max(200, USER_MESSAGES.tooLong(200)),
    email: pharmacyEmailField(rules.pharmacyEmailDomain),
    password: newPasswordField(
      rules.passwordMinLength,
      USER_MESSAGES.enterPassword,
      USER_MESSAGES.passwordTooShort,
    ),
  });
}
export type CreatePharmUserInput = z.output<ReturnType<typeof createPharmUserInputSchema>>;

/** The creation form: the call's body plus the password confirmation, which never leaves the browser. */
export function createPharmUserFormSchema(rules: PharmacyUserRules) {
  return createPharmUserInputSchema(rules)
    .extend({
      confirmPassword: z
        .string({ error: USER_MESSAGES.reenterPassword })
        .min(1, USER_MESSAGES.reenterPassword),
    })
    .refine((form) => form.password === form.confirmPassword, {
      path: ['confirmPassword'],
      message: USER_MESSAGES.passwordsDoNotMatch,
    });
}
export type CreatePharmUserForm = z.input<ReturnType<typeof createPharmUserFormSchema>>;

/** One pharmacy of `POST /adduserpharmacies`; a pending row without a role is refused with the spec's message. */
export const PharmacyEntitySchema = z.strictObject({
  entityid: pharmId,
  userRole: pharmacyRoleField(USER_MESSAGES.roleForAllPharmacies),
});

/** Body of `POST /adduserpharmacies`: add pharmacies to a user, or change their role at one they hold. */
export const AddUserPharmaciesInputSchema = z.strictObject({
  email: emailField(),
  entities: z
    .array(PharmacyEntitySchema)
    .min(1, USER_MESSAGES.selectPharmacy)
    .max(50)
    .refine((list) => new Set(list.map((e) => e.entityid)).size === list.length, 'Each pharmacy only once'),
});
export type AddUserPharmaciesInput = z.infer<typeof AddUserPharmaciesInputSchema>;

/** Body of `POST /removepharmacy`. */
export const RemovePharmacyInputSchema = z.strictObject({ email: emailField(), pharmID: pharmId });
export type RemovePharmacyInput = z.infer<typeof RemovePharmacyInputSchema>;

/** Query of `GET /userpharmacies`. */
export const UserPharmaciesQuerySchema = z.strictObject({ email: emailField() });

/** A pharmacy user as the administration list shows them (spec 2, section 3). */
export const PharmacyUserSchema = z.object({
  displayName: z.string(),
  email: z.string(),
  phone: z.string(),
  userId: z.number().int(),
  title: z.string(),
  numberPharmacies: z.number().int(),
  pharmRole: z.array(z.object({ pharid: z.string(), role: z.string() })),
  userType: z.literal('PharmacyUser'),
  userRole: z.string(),
  /** What Edit Profile sends back (as the facility-user lists carry). */
  profileVersion: ProfileVersionSchema,
  /** The user's dashboard configuration, for the Edit User Settings dialog (as the facility-user lists carry). */
  userSettings: UserSettingsSchema,
});
export type PharmacyUser = z.infer<typeof PharmacyUserSchema>;

/** Answer of `GET /getpharmacyusers`. */
export const PharmacyUsersAnswerSchema = z.object({ users: z.array(PharmacyUserSchema) });

/** One pharmacy of a user (`GET /userpharmacies`). */
export const UserPharmacySchema = z.object({
  pharmacyId: z.string(),
  pharmName: z.string(),
  userRole: z.string(),
});
export type UserPharmacy = z.infer<typeof UserPharmacySchema>;

/** Answer of `GET /userpharmacies`. */
export const UserPharmaciesAnswerSchema = z.object({
  pharmacies: z.array(UserPharmacySchema),
  /**
   * The user holds this one pharmacy and nothing else, anywhere: `/removepharmacy` refuses it (409), so the screen
   * disables Remove and says why before the click.
   */
  isOnlyMembership: z.boolean(),
});
