import { z } from 'zod';

/** The longest identifier of an alert (its Rx number, or an admission review's group id) a path or body may name. */
export const ALERT_IDENTIFIER_MAX = 64;

/**
 * What a 400's `fields` says of an alert's id sent wrong: which id and what it may be, never the validation
 * library's own words ('Too big: expected string to have <=64 characters', 'Invalid input').
 */
export const ALERT_ID_MESSAGES = {
  identifierTooLong: `Alert id must be at most ${ALERT_IDENTIFIER_MAX} characters`,
  identifierEmpty: 'Alert id must not be empty',
  identifier: "Use the alert's Rx number (an admission review's group id for AdmissionMeds)",
  number: "Use the alert's number",
  numberOrGroup: "Use the alert's number (an admission review's group id only for AdmissionMeds)",
  groupId: "Use the admission review's group id",
  highCostNumber: "Use the high cost alert's number",
  replyNumber: "Use the reply's number",
  uuid: "Use the alert's UUID as it was shown",
} as const;

/**
 * `message` for a value sent wrong. A value left out (or null) gets nothing here, so it keeps the 'Required' the
 * server says of every missing field (its global error map), not this field's message.
 */
const unlessMissing = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? undefined : message;

/** Digits of an alert's (or a reply's) number: at most 15, as a bigint id is ever written. */
const NUMBER_DIGITS = /^\d{1,15}$/;

/** An alert's identifier as text: its Rx number, or an admission review's group id. */
export const alertIdentifier = (message: string = ALERT_ID_MESSAGES.identifier) =>
  z
    .string({ error: unlessMissing(message) })
    .min(1, ALERT_ID_MESSAGES.identifierEmpty)
    .max(ALERT_IDENTIFIER_MAX, ALERT_ID_MESSAGES.identifierTooLong);

/** An alert's number as a JSON number. */
const positiveNumber = (message: string) =>
  z
    .number({ error: unlessMissing(message) })
    .int(message)
    .positive(message);

/** An alert's (or a reply's) number, sent as a number or as its digits; the value is kept as sent. */
export const alertNumber = (message: string = ALERT_ID_MESSAGES.number) =>
  z.union([positiveNumber(message), z.string().regex(NUMBER_DIGITS, message)], {
    error: unlessMissing(message),
  });

/**
 * `_internalID` of `POST /requestaction`: the alert's number, or for admission meds its group id (which widget may
 * name a group is checked with the whole body).
 */
export const alertNumberOrIdentifier = (message: string = ALERT_ID_MESSAGES.numberOrGroup) =>
  z.union([positiveNumber(message), alertIdentifier(message)], { error: unlessMissing(message) });

/** The alert's `_internalUUID`, as the client was shown it. */
export const alertUuid = () => z.uuid({ error: unlessMissing(ALERT_ID_MESSAGES.uuid) });

/** An admission review's group id, where a body names it apart (`admissionMedsGroupID`); empty names none. */
export const alertGroupId = () =>
  z
    .string({ error: unlessMissing(ALERT_ID_MESSAGES.groupId) })
    .max(ALERT_IDENTIFIER_MAX, ALERT_ID_MESSAGES.identifierTooLong);
