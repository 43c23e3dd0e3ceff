import { z } from 'zod';

const id = z.union([z.number().int().positive(), z.string().regex(/^\d{1,15}$/)]);

/** Body of every `{R}` read-state call: the alert and its new read state. */
export const AlertReadInputSchema = z.strictObject({ _internalID: id, readByFaci: z.boolean() });
export type AlertReadInput = z.infer<typeof AlertReadInputSchema>;

/** Body of `POST /requestaction_readByFaci`: one pharmacy Reply read or unread. */
export const ReplyReadInputSchema = z.strictObject({ requestActionID: id, readByFaci: z.boolean() });
