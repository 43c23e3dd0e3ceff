import { z } from 'zod';
import { FACILITY_ROLES, USER_TYPES } from '../roles.ts';
import { UserInfoSchema, UserSettingsSchema } from './auth.ts';
import { int4Id, int4IdNumberOrDigits, int4IdOrDigits } from './ids.ts';
import {
  emailField,
  NAME_MIN_LENGTH,
  newPasswordField,
  optionalPhoneField,
  PHONE_DIGITS,
  ProfileVersionSchema,
  phoneDigits,
  USER_MESSAGES,
} from './user-fields.ts';

const FACILITY_ROLE_NAMES = FACILITY_ROLES.map((r) => r.name) as [string, ...string[]];

/** Toasts and answers of facility-user administration (spec 2, section 8). */
export const USER_ADMIN_MESSAGES = {
  created: 'Facility user successfully created',
  /** Why Add Facility User is off: the viewer may add users at none of their facilities (canAddUserToFacility). */
  mayNotAdd: 'You may not add users to any of your facilities',
  addingToFacility: 'Adding user to facility...',
  addedToFacility: (role: string, facility: string) => `${role} added to ${facility}`,
  roleChanged: 'User role successfully changed',
  roleChangeFailed: (message: string) => `Error: ${message}`,
  confirmRemove: (name: string, facility: string) => `Remove ${name} from ${facility}?`,
  removed: (name: string, facility: string) => `${name} removed from ${facility}`,
  deleted: (name: string) => `${name} deleted successfully`,
  deleteFailed: (message: string) => `Error deleting user: ${message}`,
  listFailed: 'Error retrieving user list',
  facilityUsersFailed: 'Error retrieving facility users',
  profileUpdated: 'Profile updated successfully',
  nameUpdated: 'User name updated',
  phoneUpdated: 'User phone updated',
  titleUpdated: 'User title updated',
  betaUser: (isBeta: boolean, email: string) =>
    `${isBeta ? 'Activated' : 'Deactivated'} ${email} as Beta User`,
  passwordUpdated: 'User password updated',
  passwordReset: 'Password successfully reset',
  facilitiesAdded: 'Facilities added to user',
  settingsSaved: (name: string) => `successfully saved settings for ${name}`,
  leavePending: 'There are unsaved pending facilities. Leave page without saving?',
  currentPasswordWrong: 'Current password is incorrect',
  currentPasswordRequired: 'Please enter your current password',
  /** A new own password equal to the current one changed nothing, yet signed the user out everywhere else. */
  passwordUnchanged: 'Choose a password other than your current one.',
  cannotChangeOwnRole: 'You cannot change your own role',
  cannotRemoveSelf: 'You cannot remove yourself',
  /** Taking a user off their only facility would leave an account nobody can see or manage. */
  lastFacility: (name: string) => `${name} has no other facility. Delete the user instead.`,
  cannotDeleteSelf: 'You cannot delete yourself',
  oneChangeAtATime: 'Change one of display name, phone, title, beta user or password at a time',
  alreadyAtFacility: 'The user already has a role at this facility',
  // Each says what the administrator can do instead: take the user off the places they do administer.
  outsideAdministration:
    'This user also belongs to facilities outside your administration. Remove them from yours under View / Edit Facilities instead.',
  outsidePharmacies:
    'This user also belongs to pharmacies outside your administration. Remove them from yours under View / Edit Pharmacies instead.',
  // Whoever sets a password can sign in with it, and so see every facility of the user: only where all are the viewer's.
  resetOutsideAdministration:
    'This user also belongs to facilities outside your administration, so you cannot set their password. They can set a new one with Forgot password? on the sign-in page.',
  resetOutsidePharmacies:
    'This user also belongs to pharmacies outside your administration, so you cannot set their password. They can set a new one with Forgot password? on the sign-in page.',
  facilityEmailDomain: (domain: string) => `Facility user emails must not end with @${domain}`,
} as const;

const facilityRole = (message: string) =>
  z.string({ error: message }).refine((v) => (FACILITY_ROLE_NAMES as string[]).includes(v), message);
const facilityId = (message: string) => int4IdNumberOrDigits(message);
const displayName = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(100, USER_MESSAGES.tooLong(100));
/** A user's title as every user form and body takes it (also the Account Info tab's form). */
export const titleField = z.string().trim().max(100, USER_MESSAGES.tooLong(100));

/**
 * Body of `POST /createuser` (spec 2, section 7): a facility user at one facility. `UserRole` and `Title` are the
 * create modal's spellings; `confirmPassword` is checked when sent. `password` minimum from configuration.
 */
export function createUserInputSchema(passwordMin: number) {
  return z
    .strictObject({
      email: emailField(),
      password: newPasswordField(passwordMin, USER_MESSAGES.enterPassword, USER_MESSAGES.passwordTooShort),
      confirmPassword: z.string().max(200, USER_MESSAGES.tooLong(200)).optional(),
      displayName: displayName(USER_MESSAGES.enterDisplayName),
      phone: optionalPhoneField().optional(),
      userRole: facilityRole(USER_MESSAGES.selectFacilityRole),
      UserRole: facilityRole(USER_MESSAGES.selectFacilityRole).optional(),
      Title: titleField.optional(),
      faciID: facilityId(USER_MESSAGES.selectFacility),
      userType: z.literal('FacilityUser').optional(),
    })
    .superRefine((value, ctx) => {
      if (value.confirmPassword !== undefined && value.confirmPassword !== value.password)
        ctx.addIssue({
          code: 'custom',
          path: ['confirmPassword'],
          message: USER_MESSAGES.passwordsDoNotMatch,
        });
    });
}
export type CreateUserInput = z.input<ReturnType<typeof createUserInputSchema>>;

/** The Create Facility User form: a facility, a role, a title, the password twice (spec 2, section 5). */
export function createFacilityUserFormSchema(passwordMin: number) {
  return z
    .object({
      faciID: z.string().min(1, USER_MESSAGES.selectFacility),
      userRole: z.string().min(1, USER_MESSAGES.selectFacilityRole),
      displayName: displayName(USER_MESSAGES.enterDisplayName),
      email: emailField(),
      password: newPasswordField(passwordMin, USER_MESSAGES.enterPassword, USER_MESSAGES.passwordTooShort),
      confirmPassword: z.string().min(1, USER_MESSAGES.reenterPassword),
      Title: titleField.min(1, USER_MESSAGES.enterTitle),
      phone: optionalPhoneField(),
    })
    .refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: USER_MESSAGES.passwordsDoNotMatch,
    });
}
export type CreateFacilityUserForm = z.input<ReturnType<typeof createFacilityUserFormSchema>>;

/** The Add Facility User modal (a facility already chosen): its own messages (spec 2, section 5). */
export function addFacilityUserFormSchema(passwordMin: number) {
  return z
    .object({
      userRole: z.string().min(1, USER_MESSAGES.selectFacilityUserRole),
      email: emailField(USER_MESSAGES.emailRequired),
      password: newPasswordField(passwordMin, USER_MESSAGES.passwordRequired, USER_MESSAGES.passwordTooShort),
      confirmPassword: z.string().min(1, USER_MESSAGES.confirmPasswordRequired),
      displayName: displayName(USER_MESSAGES.displayNameRequired),
      phone: optionalPhoneField(),
    })
    .refine((v) => v.password === v.confirmPassword, {
      path: ['confirmPassword'],
      message: USER_MESSAGES.confirmPasswordMismatch,
    });
}
export type AddFacilityUserForm = z.input<ReturnType<typeof addFacilityUserFormSchema>>;

/** Body of `POST /edituser`: the user's role at one facility. */
export const EditUserInputSchema = z.strictObject({
  entityID: facilityId(USER_MESSAGES.selectFacility),
  email: emailField(),
  userRole: facilityRole(USER_MESSAGES.selectFacilityRole),
});
export type EditUserInput = z.input<typeof EditUserInputSchema>;

/** Body of `POST /removefacility`: takes the user off one facility. */
export const RemoveFacilityInputSchema = z.strictObject({
  email: emailField(),
  facID: facilityId(USER_MESSAGES.selectFacility),
});
export type RemoveFacilityInput = z.input<typeof RemoveFacilityInputSchema>;

/** Body of `POST /adduserfacilities`: pending facilities saved in one call, each with a role. */
export const AddUserFacilitiesInputSchema = z.strictObject({
  email: emailField(),
  entities: z
    .array(
      z.strictObject({
        entityID: facilityId(USER_MESSAGES.selectFacility),
        userRole: facilityRole(USER_MESSAGES.roleForAllUsers),
      }),
    )
    .min(1, USER_MESSAGES.selectFacility)
    .max(200),
});
export type AddUserFacilitiesInput = z.input<typeof AddUserFacilitiesInputSchema>;

/** An entity the action is taken through: a facility id, or a pharmacy id for a pharmacy user. */
const entityIdField = z.union([
  int4Id(),
  z
    .string()
    .trim()
    .min(1, USER_MESSAGES.selectFacility)
    .max(40)
    .transform((v) => (/^\d{1,9}$/.test(v) ? Number(v) : v)),
]);

/** Body of `POST /deleteuser`. */
export const DeleteUserInputSchema = z.strictObject({
  email: emailField(),
  entityId: entityIdField,
  UserId: int4IdOrDigits().optional(),
});
export type DeleteUserInput = z.input<typeof DeleteUserInputSchema>;

/** Admin reset and own-password fields: required, minimum from configuration, matching (spec 2, section 5). */
function passwordPair(passwordMin: number) {
  return {
    password: newPasswordField(passwordMin, USER_MESSAGES.enterPassword, USER_MESSAGES.passwordMinimum),
    confirmPassword: z
      .string({ error: USER_MESSAGES.reenterPassword })
      .min(1, USER_MESSAGES.reenterPassword)
      .max(200, USER_MESSAGES.tooLong(200)),
  };
}
const passwordsMatch = <T extends { password?: string; confirmPassword?: string }>(
  value: T,
  ctx: z.RefinementCtx,
) => {
  if (value.confirmPassword !== undefined && value.password !== value.confirmPassword)
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: USER_MESSAGES.passwordsDoNotMatch });
};

/** Body of `POST /adminpwdreset` (also the Reset Password modal's form). */
export function adminPasswordResetInputSchema(passwordMin: number) {
  return z
    .strictObject({ ...passwordPair(passwordMin), email: emailField(), entityId: entityIdField })
    .superRefine(passwordsMatch);
}
export type AdminPasswordResetInput = z.input<ReturnType<typeof adminPasswordResetInputSchema>>;

/** Answer of `POST /adminpwdreset`. */
export const AdminPasswordResetAnswerSchema = z.object({ message: z.string(), email: z.string() });

/** A display name as `/edituserinfo` takes it (also the Account Info tab's form). */
export const profileName = z.string().trim().max(100, USER_MESSAGES.tooLong(100));
const profilePhone = z.string().max(40).transform(phoneDigits);

/**
 * Body of `POST /edituserinfo`, profile variant (an administrator edits another user's name, phone and role at
 * `entityId`): name at least 4 characters, phone exactly 10 digits, not both empty (spec 2, section 5). The phone
 * may be left empty, as Create Facility User and Add Pharmacy User allow: a user onboarded without one could
 * otherwise not have a misspelt name corrected until someone made up a number.
 */
export const EditUserInfoProfileSchema = z
  .strictObject({
    displayName: profileName.optional().default(''),
    // Left out, the stored phone is kept: a body of only a name must not wipe it (an empty phone clears it).
    phone: profilePhone.optional(),
    UserRole: facilityRole(USER_MESSAGES.selectFacilityRole).optional(),
    email: emailField(),
    entityId: entityIdField,
    /**
     * The user's `profileVersion` the form was loaded with. When given and the name or phone changed since, the
     * save is refused (409, USER_MESSAGES.profileChangedSince) and nothing is written. Without it the save writes
     * what it is given, as before (the spec's callers do not send it).
     */
    profileVersion: ProfileVersionSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.displayName && !value.phone) {
      ctx.addIssue({ code: 'custom', path: ['displayName'], message: USER_MESSAGES.profileRequired });
      return;
    }
    if (value.displayName.length < NAME_MIN_LENGTH)
      ctx.addIssue({ code: 'custom', path: ['displayName'], message: USER_MESSAGES.nameTooShort });
    if (value.phone !== undefined && value.phone !== '' && value.phone.length !== PHONE_DIGITS)
      ctx.addIssue({ code: 'custom', path: ['phone'], message: USER_MESSAGES.phoneTenDigits });
  });
export type EditUserInfoProfile = z.input<typeof EditUserInfoProfileSchema>;

/**
 * Body of `POST /edituserinfo`, own-account variant (spec 2, section 7: "email, title plus one of betaUser,
 * displayName, phone, title, password"): your own `email`, the `title` (a client may send it with every change),
 * and at most one of betaUser, displayName, phone or password; with none of them the title is the change. A
 * password needs `currentPassword` (and `confirmPassword` when the form sends it).
 */
export function editUserInfoAccountSchema(passwordMin: number) {
  return z
    .strictObject({
      email: emailField(),
      title: titleField.optional(),
      betaUser: z.boolean().optional(),
      displayName: profileName.min(NAME_MIN_LENGTH, USER_MESSAGES.nameTooShort).optional(),
      // Empty clears it (a user may have none, as Create Facility User allows); anything else is 10 digits.
      phone: profilePhone
        .refine((d) => d.length === 0 || d.length === PHONE_DIGITS, USER_MESSAGES.phoneTenDigits)
        .optional(),
      password: passwordPair(passwordMin).password.optional(),
      confirmPassword: z.string().max(200, USER_MESSAGES.tooLong(200)).optional(),
      currentPassword: z.string().max(1024).optional(),
      /** As the profile variant's: checked when given, so an administrator's change since is not overwritten. */
      profileVersion: ProfileVersionSchema.optional(),
    })
    .superRefine((value, ctx) => {
      const changes = (['betaUser', 'displayName', 'phone', 'password'] as const).filter(
        (key) => value[key] !== undefined,
      );
      if (changes.length > 1 || (changes.length === 0 && value.title === undefined))
        ctx.addIssue({ code: 'custom', path: [], message: USER_ADMIN_MESSAGES.oneChangeAtATime });
      if (value.password !== undefined && !value.currentPassword)
        ctx.addIssue({
          code: 'custom',
          path: ['currentPassword'],
          message: USER_ADMIN_MESSAGES.currentPasswordRequired,
        });
      passwordsMatch(value, ctx);
    });
}
/** The own-account variant with the spec's default minimum; servers build theirs from configuration. */
export const EditUserInfoAccountSchema = editUserInfoAccountSchema(4);
export type EditUserInfoAccount = z.input<typeof EditUserInfoAccountSchema>;

/** Answer of both `POST /edituserinfo` variants: the changed user's `userInfo` (as `GET /tokeninfo`'s). */
export const EditUserInfoAnswerSchema = z.object({ message: z.string(), userInfo: UserInfoSchema });

/** A user as the administration lists show them (spec 2, section 3). */
export const AdminUserSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  email: z.string(),
  displayName: z.string(),
  phone: z.string(),
  title: z.string(),
  userType: z.enum(USER_TYPES),
  userRole: z.string(),
  numberFacilities: z.number().int(),
  entityTypeAndRole: z.array(z.object({ facid: z.number().int(), userRole: z.string() })),
  requestorIsAdmin: z.boolean(),
  /** What Edit Profile sends back, so a save cannot silently replace a change made since the list was read. */
  profileVersion: ProfileVersionSchema,
  /** The user's dashboard configuration, for the Edit settings modal. */
  userSettings: UserSettingsSchema,
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

/** `GET /facilityusers?faciId=` query and answer. */
export const FacilityUsersQuerySchema = z.strictObject({ faciId: facilityId(USER_MESSAGES.selectFacility) });
export const FacilityUsersAnswerSchema = z.object({ userInfos: z.array(AdminUserSchema) });

/** `GET /getusers` answer: the facility users the viewer may see. */
export const UsersAnswerSchema = z.object({ users: z.array(AdminUserSchema) });

/** `GET /userfacilities?email=` query and answer: the user's facilities the viewer may see. */
export const UserFacilitiesQuerySchema = z.strictObject({ email: emailField() });
export const UserFacilitySchema = z.object({
  facID: z.number().int(),
  facName: z.string(),
  pharmID: z.string(),
  facState: z.string(),
  userRole: z.string(),
});
export type UserFacility = z.infer<typeof UserFacilitySchema>;
export const UserFacilitiesAnswerSchema = z.object({
  facilities: z.array(UserFacilitySchema),
  /**
   * The user holds this one facility and nothing else, anywhere: `/removefacility` refuses it (409), so the screen
   * disables Remove and says why before the click.
   */
  isOnlyMembership: z.boolean(),
});
