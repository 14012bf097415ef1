/** Every id is `<prefix>_` followed by this many lowercase alphanumerics. */
export const ID_RANDOM_LENGTH = 24;

export const ID_PREFIXES = {
  organization: 'org',
  document: 'doc',
  tag: 'tag',
  user: 'usr',
  member: 'mem',
  invitation: 'inv',
  apiKey: 'ak',
  webhook: 'wbh',
  /** A webhook message (one event for one webhook): the `webhook-id` header. */
  webhookMessage: 'msg',
  webhookDelivery: 'whd',
  intakeEmail: 'ie',
  /** A message taken in by an intake entry (SMTP, HTTP ingest, IMAP), kept until processed. */
  intakeEmailReceived: 'ier',
  /** An entry of an intake address's processed-message log. */
  intakeEmailMessage: 'iem',
  taggingRule: 'tr',
  taggingRuleRun: 'trr',
  job: 'job',
  session: 'ses',
  account: 'acc',
  verification: 'ver',
  rateLimit: 'rl',
  /** better-auth's two-factor row (a user's TOTP secret and backup codes). */
  twoFactor: 'tfa',
  passkey: 'pk',
  twoFactorFailure: 'tff',
  property: 'prop',
  propertyOption: 'opt',
  note: 'note',
  shareLink: 'shl',
  savedView: 'sv',
  /** A background bulk action or zip download. */
  bulkTask: 'task',
  /** A file taken from a watched folder (ingestion folders). */
  ingestionFolderFile: 'iff',
  /** An import of a Paperless-ngx export. */
  paperlessImport: 'pli',
} as const;

export type IdPrefix = (typeof ID_PREFIXES)[keyof typeof ID_PREFIXES];

export function isIdWithPrefix(value: string, prefix: IdPrefix): boolean {
  return new RegExp(`^${prefix}_[a-z0-9]{${ID_RANDOM_LENGTH}}$`).test(value);
}

/** Route-level check for organization ids (spec: org_ followed by alphanumerics). */
export const ORGANIZATION_ID_PATTERN = /^org_[a-zA-Z0-9]+$/;
