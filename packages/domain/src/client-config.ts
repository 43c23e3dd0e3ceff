import { z } from 'zod';
import { API_BASE, FILE_BASE } from './endpoints.ts';
import { SESSION_TIMINGS } from './session.ts';

/** Path of the public web-client configuration, under the main API base. */
export const CLIENT_CONFIG_PATH = '/client-config';

/** `GET /client-config`: the two service bases and the shell's idle timers, in seconds. */
export const ClientConfigSchema = z.object({
  apiBase: z.string(),
  fileBase: z.string(),
  idleTimeoutSeconds: z.number().int().positive(),
  idleCountdownSeconds: z.number().int().positive(),
  /** `PASSWORD_MIN_LENGTH`: the forms check what the server will check. */
  passwordMinLength: z.number().int().min(4),
  /** `FORMS_BASE_URL`: the external forms service the secure forms open at. */
  formsBaseUrl: z.string(),
  /** `PHARMACY_EMAIL_DOMAIN`: pharmacy staff emails end with it. */
  pharmacyEmailDomain: z.string().min(1).default('pharmacy.test'),
  /** `UPLOAD_MAX_MB` in bytes: the upload dialog refuses a bigger file before sending it. */
  uploadMaxBytes: z
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
});
export type ClientConfig = z.infer<typeof ClientConfigSchema>;

/** The forms service until one is configured: a reserved placeholder host that never resolves. */
export const DEFAULT_FORMS_BASE_URL = 'https://forms-service.example';

/** What the client assumes before (or without) the server's answer: the spec's 2 hours and 10 minutes. */
export const DEFAULT_CLIENT_CONFIG: ClientConfig = {
  apiBase: API_BASE,
  fileBase: FILE_BASE,
  idleTimeoutSeconds: SESSION_TIMINGS.idleMs / 1000,
  idleCountdownSeconds: SESSION_TIMINGS.idleCountdownMs / 1000,
  passwordMinLength: 8,
  formsBaseUrl: DEFAULT_FORMS_BASE_URL,
  pharmacyEmailDomain: 'pharmacy.test',
  uploadMaxBytes: 25 * 1024 * 1024,
};
