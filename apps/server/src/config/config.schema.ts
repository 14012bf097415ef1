import os from 'node:os';
import { z } from 'zod';
import { isAddressOrRange } from '../shared/client-address';
import { customProvidersFromEnv } from './config.auth-providers';

/** Environment booleans: true/false, 1/0, yes/no, on/off (any case). */
const booleanFromEnv = (defaultValue: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return defaultValue;
      if (['true', '1', 'yes', 'on'].includes(value)) return true;
      if (['false', '0', 'no', 'off'].includes(value)) return false;
      ctx.addIssue({ code: 'custom', message: `Expected true or false, got "${value}"` });
      return z.NEVER;
    });

const integerFromEnv = (defaultValue: number, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return defaultValue;
      const parsed = Number(value);
      if (!Number.isInteger(parsed) || parsed < min || parsed > max) {
        ctx.addIssue({
          code: 'custom',
          message: `Expected an integer between ${min} and ${max}, got "${value}"`,
        });
        return z.NEVER;
      }
      return parsed;
    });

const stringFromEnv = (defaultValue: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === undefined || value === '' ? defaultValue : value));

const optionalStringFromEnv = () =>
  z
    .string()
    .trim()
    .optional()
    .transform((value) => (value === undefined || value === '' ? undefined : value));

const urlFromEnv = (defaultValue: string) =>
  stringFromEnv(defaultValue).pipe(
    z
      .url({ message: 'Expected an absolute http(s) URL', protocol: /^https?$/ })
      .transform((url) => url.replace(/\/+$/, '')),
  );

/** The entries of a comma-separated setting, trimmed, empty ones left out. */
const commaSeparated = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');

/** A comma-separated list of IP addresses and CIDR ranges. */
const addressListFromEnv = () =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const entries = commaSeparated(value);
      const invalid = entries.filter((entry) => !isAddressOrRange(entry));
      if (invalid.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Expected IP addresses or CIDR ranges separated by commas, got "${invalid.join('", "')}"`,
        });
        return z.NEVER;
      }
      return entries;
    });

/** A comma-separated list of web origins (`https://app.example.com`), kept as their normalized origin. */
const originListFromEnv = () =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const origins: string[] = [];
      const invalid: string[] = [];
      for (const entry of commaSeparated(value)) {
        const origin = originOf(entry);
        if (origin) origins.push(origin);
        else invalid.push(entry);
      }
      if (invalid.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Expected origins such as https://app.example.com separated by commas, got "${invalid.join('", "')}"`,
        });
        return z.NEVER;
      }
      return origins;
    });

/** The origin of an http(s) URL that is nothing but an origin (a trailing slash allowed); else undefined. */
function originOf(entry: string): string | undefined {
  if (!URL.canParse(entry)) return undefined;
  const url = new URL(entry);
  const isBare =
    url.pathname === '/' && url.search === '' && url.hash === '' && !url.username && !url.password;
  if (!isBare || (url.protocol !== 'http:' && url.protocol !== 'https:')) return undefined;
  return url.origin;
}

/**
 * Every environment variable Sheaf reads, with its default. `.env.example` and the
 * README's configuration table list the same variables; a test keeps them in step.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: integerFromEnv(8080, { min: 0, max: 65535 }),
  HOST: stringFromEnv('0.0.0.0'),
  APP_BASE_URL: urlFromEnv('http://localhost:8080'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty`: short coloured lines; `json`: one JSON object a line. Unset: pretty on a terminal, JSON otherwise. */
  LOG_FORMAT: z.enum(['pretty', 'json']).optional(),
  DATA_DIR: stringFromEnv('./data'),
  DATABASE_URL: optionalStringFromEnv().pipe(
    z
      .string()
      .regex(/^(file:|postgres(ql)?:\/\/)/, 'Expected file:<path> or postgres://…')
      .optional(),
  ),
  /** Reverse proxies whose X-Forwarded-For is believed (rate limits and session addresses). */
  SERVER_TRUSTED_PROXIES: addressListFromEnv(),
  /**
   * Origins, besides APP_BASE_URL's, whose pages may send cookie-authenticated requests (sign-in
   * included): the request guards' origin check and better-auth's trustedOrigins.
   */
  TRUSTED_ORIGINS: originListFromEnv(),
  /** Largest JSON body any /api route reads (/api/auth included), in bytes; larger ones get 413. */
  API_JSON_BODY_LIMIT: integerFromEnv(1_000_000, { min: 1 }),
  PROCESS_MODE: z.enum(['all', 'web', 'worker']).default('all'),
  WEB_DIST_DIR: optionalStringFromEnv(),

  AUTH_SECRET: optionalStringFromEnv().pipe(
    z.string().min(32, 'Use at least 32 characters (e.g. openssl rand -base64 32)').optional(),
  ),
  AUTH_IS_REGISTRATION_ENABLED: booleanFromEnv(true),
  AUTH_IS_PASSWORD_RESET_ENABLED: booleanFromEnv(true),
  AUTH_IS_EMAIL_VERIFICATION_REQUIRED: booleanFromEnv(true),
  AUTH_SHOW_LEGAL_LINKS: booleanFromEnv(false),
  AUTH_PROVIDERS_EMAIL_IS_ENABLED: booleanFromEnv(true),
  AUTH_PROVIDERS_GOOGLE_IS_ENABLED: booleanFromEnv(false),
  AUTH_PROVIDERS_GOOGLE_CLIENT_ID: optionalStringFromEnv(),
  AUTH_PROVIDERS_GOOGLE_CLIENT_SECRET: optionalStringFromEnv(),
  AUTH_PROVIDERS_GITHUB_IS_ENABLED: booleanFromEnv(false),
  AUTH_PROVIDERS_GITHUB_CLIENT_ID: optionalStringFromEnv(),
  AUTH_PROVIDERS_GITHUB_CLIENT_SECRET: optionalStringFromEnv(),
  AUTH_PROVIDERS_CUSTOMS: customProvidersFromEnv,
  /**
   * Log out also signs out at the identity provider the user last signed in with (OIDC RP-initiated
   * logout), which sends the browser back to Sheaf's /login. Off: log out signs out of Sheaf only.
   */
  AUTH_PROVIDERS_SIGN_OUT_AT_PROVIDER: booleanFromEnv(false),

  AUTH_RATE_LIMIT_WINDOW_SECONDS: integerFromEnv(60, { min: 1 }),
  AUTH_RATE_LIMIT_MAX_REQUESTS: integerFromEnv(10, { min: 1 }),
  /** Per user, in a burst and then spread over each minute; 0 turns the limit off. */
  UPLOADS_RATE_LIMIT_PER_MINUTE: integerFromEnv(3000),
  SEARCHES_RATE_LIMIT_PER_MINUTE: integerFromEnv(600),

  EMAILS_DRIVER: z.enum(['logger', 'smtp']).default('logger'),
  SMTP_URL: optionalStringFromEnv().pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'Expected smtp://user:password@host:port or smtps://…')
      .optional(),
  ),
  EMAILS_FROM: stringFromEnv('Sheaf <no-reply@localhost>'),

  ORGANIZATIONS_PURGE_DAYS: integerFromEnv(30, { min: 1, max: 3650 }),
  MAX_ORGANIZATIONS_PER_USER: integerFromEnv(10, { min: 0 }),
  MAX_INVITATIONS_PER_DAY: integerFromEnv(30, { min: 0 }),
  INVITATION_EXPIRATION_DAYS: integerFromEnv(7, { min: 1, max: 3650 }),
  DOCUMENTS_DELETED_RETENTION_DAYS: integerFromEnv(30, { min: 1, max: 3650 }),
  DOCUMENTS_MAX_UPLOAD_SIZE: integerFromEnv(100_000_000, { min: 0 }),
  /** Age past which a temporary upload file or a stored file with no document row is swept away. */
  DOCUMENTS_ORPHAN_GRACE_MINUTES: integerFromEnv(60, { min: 0, max: 525_600 }),
  DOCUMENTS_STORAGE_DRIVER: z.enum(['filesystem', 's3']).default('filesystem'),
  DOCUMENTS_STORAGE_FILESYSTEM_ROOT: optionalStringFromEnv(),
  DOCUMENTS_STORAGE_S3_ENDPOINT: optionalStringFromEnv().pipe(
    z.url({ message: 'Expected an absolute http(s) URL', protocol: /^https?$/ }).optional(),
  ),
  DOCUMENTS_STORAGE_S3_REGION: stringFromEnv('us-east-1'),
  DOCUMENTS_STORAGE_S3_BUCKET: optionalStringFromEnv(),
  DOCUMENTS_STORAGE_S3_ACCESS_KEY_ID: optionalStringFromEnv(),
  DOCUMENTS_STORAGE_S3_SECRET_ACCESS_KEY: optionalStringFromEnv(),
  DOCUMENTS_STORAGE_S3_FORCE_PATH_STYLE: booleanFromEnv(false),
  DOCUMENTS_OCR_LANGUAGES: stringFromEnv('eng').pipe(
    z
      .string()
      .regex(
        /^[a-z_]+([,+][a-z_]+)*$/i,
        'Expected Tesseract language codes separated by commas, e.g. eng,fra',
      ),
  ),
  INTAKE_EMAILS_IS_ENABLED: booleanFromEnv(false),
  /** Intake addresses are `<random>@<this domain>`; required when intake is enabled. */
  INTAKE_EMAILS_DOMAIN: optionalStringFromEnv().pipe(
    z
      .string()
      .toLowerCase()
      .regex(
        /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/,
        'Expected a domain name such as intake.example.com',
      )
      .optional(),
  ),
  /** Secret of the signed HTTP ingest (POST /api/intake-emails/ingest); unset = the ingest is off. */
  INTAKE_EMAILS_WEBHOOK_SECRET: optionalStringFromEnv().pipe(
    z.string().min(16, 'Use at least 16 characters (e.g. openssl rand -hex 32)').optional(),
  ),
  /** Port of the built-in SMTP receiver; unset = no receiver, 0 = any free port. */
  INTAKE_EMAILS_SMTP_PORT: optionalStringFromEnv().transform((value, ctx) => {
    if (value === undefined) return undefined;
    const port = Number(value);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      ctx.addIssue({ code: 'custom', message: `Expected a port number between 0 and 65535, got "${value}"` });
      return z.NEVER;
    }
    return port;
  }),
  INTAKE_EMAILS_SMTP_HOST: stringFromEnv('0.0.0.0'),
  /** PEM private key and certificate (file paths, or the PEM text itself) for STARTTLS; both or neither. */
  INTAKE_EMAILS_SMTP_TLS_KEY: optionalStringFromEnv(),
  INTAKE_EMAILS_SMTP_TLS_CERT: optionalStringFromEnv(),
  /** Largest message taken in by any entry (SMTP 552, ingest 413, IMAP logged as too_large), in bytes. */
  INTAKE_EMAILS_MAX_MESSAGE_SIZE: integerFromEnv(50_000_000, { min: 1000 }),
  /** Catch-all mailbox polled for intake mail, e.g. imaps://user:pass@imap.example.com:993/INBOX; unset = no polling. */
  INTAKE_EMAILS_IMAP_URL: optionalStringFromEnv().pipe(
    z
      .string()
      .refine(
        (value) =>
          URL.canParse(value) && /^imaps?:$/.test(new URL(value).protocol) && new URL(value).hostname !== '',
        'Expected imap://user:password@host:port/MAILBOX or imaps://…',
      )
      .refine(
        (value) => !URL.canParse(value) || (new URL(value).username !== '' && new URL(value).password !== ''),
        'Expected a user name and a password in the URL (imaps://user:password@host/INBOX)',
      )
      .optional(),
  ),
  /** Seconds between two polls of the IMAP mailbox (when the server has no IDLE, or as a fallback). */
  INTAKE_EMAILS_IMAP_POLL_SECONDS: integerFromEnv(60, { min: 1, max: 86_400 }),
  /** Watched folders: one subfolder per organization under this folder; unset = off. */
  INGESTION_FOLDERS_ROOT: optionalStringFromEnv(),
  /** A file is taken once its size and modification time stayed the same this long. */
  INGESTION_FOLDERS_STABLE_SECONDS: integerFromEnv(5, { min: 0, max: 3600 }),
  /** Poll the folders instead of waiting for file events (network shares deliver none). */
  INGESTION_FOLDERS_POLLING: booleanFromEnv(false),
  INGESTION_FOLDERS_POLLING_INTERVAL_SECONDS: integerFromEnv(10, { min: 1, max: 3600 }),
  /** What becomes of an imported file: deleted, or moved into `done/`. */
  INGESTION_FOLDERS_AFTER: z.enum(['delete', 'move']).default('delete'),
  /** What becomes of a duplicate: moved into `duplicates/`, or deleted. */
  INGESTION_FOLDERS_DUPLICATES: z.enum(['move', 'delete']).default('move'),
  /** The names of the subfolders a file sits in become the document's tags. */
  INGESTION_FOLDERS_SUBFOLDERS_AS_TAGS: booleanFromEnv(false),
  /**
   * The server's administrators by e-mail address (comma separated): what only they may do from the
   * web app, such as importing a Paperless-ngx export from a folder on the server; unset = nobody.
   */
  SERVER_ADMIN_EMAILS: optionalStringFromEnv(),
  SUBSCRIPTIONS_IS_ENABLED: booleanFromEnv(false),
  /** Stripe secret key (sk_…); required when SUBSCRIPTIONS_IS_ENABLED. */
  STRIPE_API_KEY: optionalStringFromEnv(),
  /** Signing secret of the Stripe webhook endpoint (whsec_…) that posts to /api/stripe/webhook. */
  STRIPE_WEBHOOK_SECRET: optionalStringFromEnv(),
  /** Stripe price ids (price_…) of each plan and billing interval. */
  STRIPE_PRICE_PLUS_MONTHLY: optionalStringFromEnv(),
  STRIPE_PRICE_PLUS_ANNUAL: optionalStringFromEnv(),
  STRIPE_PRICE_PRO_MONTHLY: optionalStringFromEnv(),
  STRIPE_PRICE_PRO_ANNUAL: optionalStringFromEnv(),
  /** Where the Stripe SDK sends its requests (protocol, host and port): Stripe itself, or a compatible proxy/stand-in. */
  STRIPE_API_BASE_URL: urlFromEnv('https://api.stripe.com'),
  /** Opt-in product analytics in the web app (PostHog); requires POSTHOG_API_KEY. */
  ANALYTICS_IS_ENABLED: booleanFromEnv(false),
  POSTHOG_API_KEY: optionalStringFromEnv(),
  POSTHOG_HOST: urlFromEnv('https://eu.i.posthog.com'),
  DEMO_MODE_IS_ENABLED: booleanFromEnv(false),
  /** Where "Contact support" leads (an https: page or a mailto: address); unset: support@ the APP_BASE_URL host. */
  SUPPORT_URL: optionalStringFromEnv().pipe(
    z
      .string()
      .refine(
        (value) => /^(https?:\/\/|mailto:)/.test(value) && URL.canParse(value),
        'Expected https://… or mailto:…',
      )
      .optional(),
  ),

  /** Text extractions at once: worker processes of the extraction pool (heavy jobs). */
  EXTRACTION_CONCURRENCY: integerFromEnv(Math.max(1, os.availableParallelism() - 1), { min: 1, max: 64 }),
  EXTRACTION_TIMEOUT_SECONDS: integerFromEnv(120, { min: 1, max: 24 * 3600 }),
  /** Largest file whose text is extracted, in bytes; larger ones end with extraction.too_large. */
  EXTRACTION_MAX_FILE_SIZE: integerFromEnv(100_000_000, { min: 1 }),
  OCR_MAX_PAGES: integerFromEnv(50, { min: 0, max: 10_000 }),

  /** Total time one webhook delivery attempt may take (connect, send, answer), in milliseconds. */
  WEBHOOKS_TIMEOUT_MS: integerFromEnv(10_000, { min: 100, max: 120_000 }),
  /**
   * Lets webhooks target loopback, private (RFC 1918, ULA), link-local, CGNAT and other
   * non-public addresses, for receivers on the same machine or LAN. Off: refused at save time and
   * at delivery (SSRF guard).
   */
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: booleanFromEnv(false),

  JOBS_POLL_INTERVAL_MS: integerFromEnv(5000, { min: 10 }),
  JOBS_LEASE_MS: integerFromEnv(60_000, { min: 1000 }),
  JOBS_CONCURRENCY: integerFromEnv(4, { min: 1, max: 64 }),
  SHUTDOWN_TIMEOUT_MS: integerFromEnv(15_000, { min: 0 }),
});

export type Env = z.infer<typeof envSchema>;

/** Combinations of the intake e-mail variables that cannot work, each naming its variable. */
export function intakeEmailsEnvProblems(env: Env): Array<{ variable: string; message: string }> {
  const problems: Array<{ variable: string; message: string }> = [];
  if (env.INTAKE_EMAILS_IS_ENABLED && env.INTAKE_EMAILS_DOMAIN === undefined) {
    problems.push({
      variable: 'INTAKE_EMAILS_DOMAIN',
      message: 'Required when INTAKE_EMAILS_IS_ENABLED is true',
    });
  }
  const entries = [
    'INTAKE_EMAILS_WEBHOOK_SECRET',
    'INTAKE_EMAILS_SMTP_PORT',
    'INTAKE_EMAILS_IMAP_URL',
  ] as const satisfies ReadonlyArray<keyof Env>;
  if (!env.INTAKE_EMAILS_IS_ENABLED) {
    for (const variable of entries) {
      if (env[variable] !== undefined) {
        problems.push({ variable, message: 'Set INTAKE_EMAILS_IS_ENABLED=true to use it' });
      }
    }
  }
  const tls = ['INTAKE_EMAILS_SMTP_TLS_KEY', 'INTAKE_EMAILS_SMTP_TLS_CERT'] as const;
  for (const [variable, other] of [tls, [tls[1], tls[0]]] as const) {
    if (env[variable] !== undefined && env[other] === undefined) {
      problems.push({ variable: other, message: `Required when ${variable} is set (STARTTLS needs both)` });
    }
    if (env[variable] !== undefined && env.INTAKE_EMAILS_SMTP_PORT === undefined) {
      problems.push({ variable, message: 'Only used by the SMTP receiver: set INTAKE_EMAILS_SMTP_PORT too' });
    }
  }
  if (
    env.INTAKE_EMAILS_SMTP_PORT !== undefined &&
    env.INTAKE_EMAILS_SMTP_PORT !== 0 &&
    env.INTAKE_EMAILS_SMTP_PORT === env.PORT
  ) {
    problems.push({ variable: 'INTAKE_EMAILS_SMTP_PORT', message: 'Must differ from PORT (the HTTP port)' });
  }
  return problems;
}

/** Pairs of variables that must be set together when a provider is enabled. */
export const envCrossChecks: Array<{ when: keyof Env; equals?: unknown; requires: Array<keyof Env> }> = [
  { when: 'EMAILS_DRIVER', equals: 'smtp', requires: ['SMTP_URL'] },
  { when: 'DOCUMENTS_STORAGE_DRIVER', equals: 's3', requires: ['DOCUMENTS_STORAGE_S3_BUCKET'] },
  {
    when: 'AUTH_PROVIDERS_GOOGLE_IS_ENABLED',
    requires: ['AUTH_PROVIDERS_GOOGLE_CLIENT_ID', 'AUTH_PROVIDERS_GOOGLE_CLIENT_SECRET'],
  },
  {
    when: 'AUTH_PROVIDERS_GITHUB_IS_ENABLED',
    requires: ['AUTH_PROVIDERS_GITHUB_CLIENT_ID', 'AUTH_PROVIDERS_GITHUB_CLIENT_SECRET'],
  },
  {
    when: 'SUBSCRIPTIONS_IS_ENABLED',
    requires: [
      'STRIPE_API_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_PRICE_PLUS_MONTHLY',
      'STRIPE_PRICE_PLUS_ANNUAL',
      'STRIPE_PRICE_PRO_MONTHLY',
      'STRIPE_PRICE_PRO_ANNUAL',
    ],
  },
  { when: 'ANALYTICS_IS_ENABLED', requires: ['POSTHOG_API_KEY'] },
];
