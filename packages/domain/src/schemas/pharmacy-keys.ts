import { z } from 'zod';
import type { UserType } from '../roles.ts';
import type { EntityRole } from './auth.ts';
import { int4IdText } from './ids.ts';

/** Prefix of every pharmacy API key, so a leaked key is recognisable (and greppable) for what it is. */
export const PHARMACY_KEY_PREFIX = 'cpk_';

/** The pharmacy role that manages its pharmacy's API keys (SuperAdmins manage every pharmacy's). */
export const PHARMACY_KEY_ADMIN_ROLE = 'SysAdmin';

/** Messages of the API-key screen and calls. */
export const PHARMACY_KEY_MESSAGES = {
  nameRequired: 'Please enter a name for the key',
  pharmacyRequired: 'Please select a pharmacy',
  shownOnce: 'Copy this key now: you will not see it again.',
  invalidKey: 'Missing, unknown or revoked API key.',
} as const;

/** Whether a user with this type and pharmacy role may create, list and revoke that pharmacy's API keys. */
export function canManagePharmacyKeys(userType: UserType, pharmacyRole: string): boolean {
  return (
    userType === 'SuperAdmin' || (userType === 'PharmacyUser' && pharmacyRole === PHARMACY_KEY_ADMIN_ROLE)
  );
}

/** Whether the user manages the keys of any pharmacy (the menu entry and the screen show then). */
export function managesAnyPharmacyKeys(user: {
  userType: UserType;
  entityTypeAndRole: readonly EntityRole[];
}): boolean {
  if (user.userType === 'SuperAdmin') return true;
  return user.entityTypeAndRole.some(
    (entry) => 'pharid' in entry && canManagePharmacyKeys(user.userType, entry.userRole),
  );
}

/** `POST /pharmacy-keys`: the pharmacy the key writes for, and a name saying which system holds it. */
export const CreatePharmacyKeyInputSchema = z.strictObject({
  pharmID: z.string().trim().min(1, PHARMACY_KEY_MESSAGES.pharmacyRequired).max(40),
  name: z.string().trim().min(1, PHARMACY_KEY_MESSAGES.nameRequired).max(100),
});
export type CreatePharmacyKeyInput = z.infer<typeof CreatePharmacyKeyInputSchema>;

/** A key as listed: never the key itself, only its last four characters. */
export const PharmacyKeySchema = z.object({
  id: z.number().int(),
  pharmID: z.string(),
  name: z.string(),
  last4: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  revokedAt: z.string().nullable(),
});
export type PharmacyKey = z.infer<typeof PharmacyKeySchema>;

export const PharmacyKeysAnswerSchema = z.object({ keys: z.array(PharmacyKeySchema) });

/** The answer of creating a key: the listing entry and, this once only, the key itself. */
export const CreatedPharmacyKeySchema = z.object({ key: PharmacyKeySchema, secret: z.string() });
export type CreatedPharmacyKey = z.infer<typeof CreatedPharmacyKeySchema>;

export const PharmacyKeyParamsSchema = z.strictObject({ id: int4IdText() });
