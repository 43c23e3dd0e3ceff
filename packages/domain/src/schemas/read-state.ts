import { z } from 'zod';
import { ALERT_ID_MESSAGES, alertNumber } from './alert-ids.ts';

/** Body of every `{R}` read-state call: the alert and its new read state. */
export const AlertReadInputSchema = z.strictObject({
  _internalID: alertNumber(ALERT_ID_MESSAGES.number),
  readByFaci: z.boolean(),
});
export type AlertReadInput = z.infer<typeof AlertReadInputSchema>;

/** Body of `POST /requestaction_readByFaci`: one pharmacy Reply read or unread. */
export const ReplyReadInputSchema = z.strictObject({
  requestActionID: alertNumber(ALERT_ID_MESSAGES.replyNumber),
  readByFaci: z.boolean(),
});
