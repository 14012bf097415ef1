import { MB } from '@sheaf/contracts/plans';

/** Demo constants of the spec (accounts §9 "Demo mode", documents §9). */
export const DEMO_UPLOAD_DELAY_MS = 500;
export const DEMO_DOCUMENTS_PAGE_SIZE = 10;
export const DEMO_SEARCH_PAGE_SIZE = 5;

/** The demo's free plan: 500 MB storage, 1 intake e-mail, 3 members, 50 MB per file. */
export const DEMO_PLAN_LIMITS = {
  maxDocumentStorageBytes: 500 * MB,
  maxOrganizationsMembersCount: 3,
  maxIntakeEmailsCount: 1,
  maxFileSize: 50 * MB,
} as const;

/** Organizations the demo user may have (the server's limit is a setting; the demo's is this). */
export const DEMO_MAX_ORGANIZATIONS = 10;

export const DEMO_INTAKE_EMAILS_DOMAIN = 'intake.sheaf-demo.example';
