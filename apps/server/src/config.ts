import { resolve } from 'node:path';
import { DEFAULT_FORMS_BASE_URL, FOLDER_ZIP_MAX_MB } from '@portal/domain';
import { z } from 'zod';
import { DEFAULT_RENDER_THREADS } from './platform/page-renderer.ts';

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/** Environment variables of design.md, each with the default that serves a single machine. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  SEED: z.enum(['demo', 'none']).default('demo'),
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Care Portal <no-reply@portal.test>'),
  PHARMACY_EMAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain such as pharmacy.test')
    .default('pharmacy.test'),
  PUBLIC_URL: z.url().optional(),
  SESSION_IDLE_MINUTES: positiveInt(130),
  SESSION_MAX_HOURS: positiveInt(12),
  PASSWORD_MIN_LENGTH: positiveInt(8),
  UPLOAD_MAX_MB: positiveInt(25),
  /** The stored bytes a folder download (zip) may carry; over it the call answers 413 before sending anything. */
  FOLDER_ZIP_MAX_MB: positiveInt(FOLDER_ZIP_MAX_MB),
  LOGIN_TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Web shell timings in seconds, for training rooms and tests; the spec's values are the defaults. */
  IDLE_TIMEOUT_SECONDS: positiveInt(7200),
  IDLE_COUNTDOWN_SECONDS: positiveInt(600),
  TRUST_PROXY: bool.default(false),
  /** The external forms service the secure forms open at (a reserved placeholder host until configured). */
  FORMS_BASE_URL: z.url({ protocol: /^https?$/ }).default(DEFAULT_FORMS_BASE_URL),
  /** How often the scheduled sweeps (reminders, auto-respond, mail) run; 0 turns them off. */
  SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** How often an open GET /api/events stream gets a keep-alive comment and its session is checked again. */
  SSE_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(25),
  /**
   * Threads that draw signed-in pages (the dashboard) from their answers, off the thread that answers the API; 0
   * draws them in that thread. Default: the cores less one, 1 to 4.
   */
  RENDER_THREADS: z.coerce.number().int().min(0).max(64).optional(),
  /** Pharmacy SysAdmins and SuperAdmins must set up two-step sign-in before any data call (issue 7). */
  MFA_REQUIRED_FOR_ADMINS: bool.default(false),
});

export type Env = z.infer<typeof EnvSchema>;

/** The server's typed configuration. Tests build one with `loadConfig({...})` instead of touching process.env. */
export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  seed: 'demo' | 'none';
  secretKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  pharmacyEmailDomain: string;
  publicUrl: string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  passwordMinLength: number;
  uploadMaxBytes: number;
  folderZipMaxBytes: number;
  loginTokenSecret: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  idleTimeoutSeconds: number;
  idleCountdownSeconds: number;
  trustProxy: boolean;
  sweepIntervalSeconds: number;
  formsBaseUrl: string;
  mfaRequiredForAdmins: boolean;
  /** Where the built web app is; null serves no web app (API only). */
  webDist: string | null;
  /** PGlite in memory instead of DATA_DIR (tests). */
  inMemoryDb: boolean;
  sseHeartbeatSeconds: number;
  /** Threads drawing signed-in pages; 0: the server's own thread (page-renderer.ts). */
  renderThreads: number;
}

/** A configuration that cannot start, with every bad variable listed. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; a bad value fails with a message naming the variable. */
export function loadConfig(
  source: Record<string, string | undefined>,
  overrides: Partial<Config> = {},
): Config {
  // Empty strings count as unset, as a shell's `VAR=` would mean.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`));
  }
  const env = parsed.data;
  const seedExplicit = cleaned.SEED !== undefined;
  if (env.NODE_ENV === 'production' && env.SEED === 'demo' && seedExplicit) {
    throw new ConfigError(['SEED: demo is refused when NODE_ENV=production']);
  }
  const config: Config = {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    // In production the demo world is never the default: a real deployment starts empty.
    seed: env.NODE_ENV === 'production' && !seedExplicit ? 'none' : env.SEED,
    secretKey: env.SECRET_KEY,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    pharmacyEmailDomain: env.PHARMACY_EMAIL_DOMAIN.toLowerCase(),
    publicUrl: (env.PUBLIC_URL ?? `http://${env.HOST}:${env.PORT}`).replace(/\/+$/, ''),
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
    sessionMaxHours: env.SESSION_MAX_HOURS,
    passwordMinLength: env.PASSWORD_MIN_LENGTH,
    uploadMaxBytes: env.UPLOAD_MAX_MB * 1024 * 1024,
    folderZipMaxBytes: env.FOLDER_ZIP_MAX_MB * 1024 * 1024,
    loginTokenSecret: env.LOGIN_TOKEN_SECRET,
    logLevel: env.LOG_LEVEL,
    idleTimeoutSeconds: env.IDLE_TIMEOUT_SECONDS,
    idleCountdownSeconds: env.IDLE_COUNTDOWN_SECONDS,
    trustProxy: env.TRUST_PROXY,
    sweepIntervalSeconds: env.SWEEP_INTERVAL_SECONDS,
    formsBaseUrl: env.FORMS_BASE_URL.replace(/\/+$/, ''),
    mfaRequiredForAdmins: env.MFA_REQUIRED_FOR_ADMINS,
    webDist: null,
    inMemoryDb: false,
    sseHeartbeatSeconds: env.SSE_HEARTBEAT_SECONDS,
    renderThreads: env.RENDER_THREADS ?? DEFAULT_RENDER_THREADS,
    ...overrides,
  };
  return config;
}
