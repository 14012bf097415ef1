/** Validation limits and business constants shared by the server and the web app (spec §5 and §9). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const REGISTRATION_NAME_MAX_LENGTH = 64;
export const USER_NAME_MAX_LENGTH = 50;
export const ORGANIZATION_NAME_MIN_LENGTH = 3;
export const ORGANIZATION_NAME_MAX_LENGTH = 50;
export const TAG_NAME_MAX_LENGTH = 64;
export const TAG_DESCRIPTION_MAX_LENGTH = 256;
export const DOCUMENT_NAME_MAX_LENGTH = 255;
export const TAGGING_RULE_NAME_MAX_LENGTH = 64;
export const TAGGING_RULE_DESCRIPTION_MAX_LENGTH = 256;
export const WEBHOOK_NAME_MAX_LENGTH = 128;
export const WEBHOOK_URL_MAX_LENGTH = 2048;
export const WEBHOOK_SECRET_MAX_LENGTH = 256;
/** Webhooks per organization (`webhooks.limit_reached` past it). */
export const WEBHOOKS_PER_ORGANIZATION_LIMIT = 20;
/** A delivery keeps at most this many bytes of the receiver's answer. */
export const WEBHOOK_RESPONSE_BODY_MAX_BYTES = 4096;
/** Delivery attempts are kept this many days. */
export const WEBHOOK_DELIVERIES_RETENTION_DAYS = 30;

/** Allowed senders of one intake e-mail address. */
export const INTAKE_EMAIL_ALLOWED_ORIGINS_MAX_COUNT = 50;
/** Processed messages listed per intake address (the newest). */
export const INTAKE_EMAIL_MESSAGES_LOG_SIZE = 50;

export const PAGE_SIZE_OPTIONS = [15, 50, 100] as const;
export const MAX_PAGE_SIZE = 100;
export const DOCUMENTS_PAGE_SIZE = 100;
export const TRASH_PAGE_SIZE = 100;
export const ACTIVITY_PAGE_SIZE = 20;
export const WEBHOOKS_DELIVERIES_PAGE_SIZE = 15;

export const SEARCH_MIN_QUERY_LENGTH = 2;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_PALETTE_PAGE_SIZE = 5;
export const SEARCH_MAX_QUERY_LENGTH = 200;
/** Matches counted at most: past it a search answers this count with `documentsCountIsCapped`. */
export const SEARCH_COUNT_CAP = 10_000;
/** About how many characters of a hit's text its snippet shows around the first match. */
export const SEARCH_SNIPPET_LENGTH = 160;

export const STORAGE_WARNING_THRESHOLD_PERCENT = 80;
export const STORAGE_WARNING_DISMISS_HOURS = 24;
export const CHECKOUT_REDIRECT_DELAY_SECONDS = 5;
export const COPY_FEEDBACK_MS = 2000;

export const TOAST_DURATION_MS = 4000;
export const TOAST_VISIBLE_MAX = 3;
export const TOOLTIP_OPEN_DELAY_MS = 700;
export const TOOLTIP_CLOSE_DELAY_MS = 300;

/** Web query cache keeps entries this long after their last use. */
export const QUERY_CACHE_TIME_MS = 5 * 60 * 1000;
/** Statuses on which idempotent requests are retried once. */
export const RETRYABLE_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504] as const;

/** Custom properties per organization (every plan). */
export const PROPERTIES_PER_ORGANIZATION_LIMIT = 50;
export const PROPERTY_NAME_MAX_LENGTH = 64;
export const PROPERTY_DESCRIPTION_MAX_LENGTH = 500;
/** Options of a single or multi select. */
export const PROPERTY_OPTIONS_LIMIT = 100;
export const PROPERTY_OPTION_NAME_MAX_LENGTH = 64;
/** A text property's value. */
export const PROPERTY_TEXT_VALUE_MAX_LENGTH = 2_000;
export const PROPERTY_URL_VALUE_MAX_LENGTH = 2_048;
/** A note's text. */
export const NOTE_MAX_LENGTH = 10_000;
export const NOTES_PAGE_SIZE = 100;
/** Saved views: a member's personal ones, and an organization's shared ones, each at most this many. */
export const SAVED_VIEWS_LIMIT = 100;
export const SAVED_VIEW_NAME_MAX_LENGTH = 64;
