import {
  WEBHOOK_NAME_MAX_LENGTH,
  WEBHOOK_SECRET_MAX_LENGTH,
  WEBHOOK_URL_MAX_LENGTH,
} from '@sheaf/contracts/limits';
import { isControlCharactersIssue } from '@sheaf/contracts/text';
import {
  type CreateWebhookInput,
  createWebhookSchema,
  WEBHOOK_EVENTS,
  type WebhookDto,
  type WebhookEvent,
} from '@sheaf/contracts/webhooks';
import type { TFunction } from 'i18next';
import type { FieldErrors, Resolver, ResolverResult } from 'react-hook-form';

export type WebhookFormValues = {
  name: string;
  url: string;
  events: WebhookEvent[];
  enabled: boolean;
  secret: string;
  /**
   * Whether the secret field is editable: always on creation; on edit only once "Rotate secret" was
   * clicked (spec §4), until then the current secret stays redacted and is not sent.
   */
  isSecretEditable: boolean;
};

export const EMPTY_WEBHOOK_FORM: WebhookFormValues = {
  name: '',
  url: '',
  events: [],
  enabled: true,
  secret: '',
  isSecretEditable: true,
};

/** The form values of an existing webhook: its secret is never known, so it starts redacted. */
export function webhookToFormValues(webhook: WebhookDto): WebhookFormValues {
  return {
    name: webhook.name,
    url: webhook.url,
    events: [...webhook.events],
    enabled: webhook.enabled,
    secret: '',
    isSecretEditable: false,
  };
}

/**
 * The request body (POST or PUT) from the form values. The secret is sent only when it is editable
 * (created, or rotated) and not blank (spec §4): a PUT without `secret` keeps the current one, so an
 * untouched or emptied field never removes it by accident.
 */
export function formValuesToInput(values: WebhookFormValues): CreateWebhookInput {
  const secret = values.secret.trim();
  return {
    name: values.name.trim(),
    url: values.url.trim(),
    enabled: values.enabled,
    events: sortEvents(values.events),
    ...(values.isSecretEditable && secret !== '' ? { secret } : {}),
  };
}

/** Events in the order of the known list, whatever the order they were ticked in. */
export function sortEvents(events: readonly WebhookEvent[]): WebhookEvent[] {
  return WEBHOOK_EVENTS.filter((event) => events.includes(event));
}

/** One event ticked or unticked. */
export function toggleEvent(events: readonly WebhookEvent[], event: WebhookEvent, checked: boolean) {
  return sortEvents(checked ? [...events, event] : events.filter((item) => item !== event));
}

/** "Select all": ticks every event, or unticks them all when all are ticked already. */
export function toggleAllEvents(events: readonly WebhookEvent[]): WebhookEvent[] {
  return events.length === WEBHOOK_EVENTS.length ? [] : [...WEBHOOK_EVENTS];
}

/** The state of the "Select all" checkbox. */
export function getAllEventsState(events: readonly WebhookEvent[]): boolean | 'indeterminate' {
  if (events.length === 0) return false;
  return events.length === WEBHOOK_EVENTS.length ? true : 'indeterminate';
}

type Issue = { code: string; path: PropertyKey[]; params?: unknown };
type FieldName = 'name' | 'url' | 'secret' | 'events';

function issueMessage(field: FieldName, issue: Issue, t: TFunction): string {
  if (isControlCharactersIssue(issue)) return t('common.control-characters');
  switch (field) {
    case 'name':
      return issue.code === 'too_big'
        ? t('webhooks.form.name-max', { max: WEBHOOK_NAME_MAX_LENGTH })
        : t('webhooks.form.name-required');
    case 'url':
      if (issue.code === 'too_small') return t('webhooks.form.url-required');
      if (issue.code === 'too_big') return t('webhooks.form.url-max', { max: WEBHOOK_URL_MAX_LENGTH });
      return t('webhooks.form.url-invalid');
    case 'secret':
      return t('webhooks.form.secret-max', { max: WEBHOOK_SECRET_MAX_LENGTH });
    case 'events':
      return t('webhooks.form.events-required');
  }
}

const FIELDS: readonly FieldName[] = ['name', 'url', 'secret', 'events'];

function isFieldName(value: unknown): value is FieldName {
  return typeof value === 'string' && (FIELDS as readonly string[]).includes(value);
}

/**
 * Validates the body the form would send with the shared `createWebhookSchema` (spec §5: name required,
 * URL required and a valid http(s) URL, secret optional text, at least one known event) and shows
 * translated messages instead of the schema's English ones, one per field.
 */
export function webhookFormResolver(t: TFunction): Resolver<WebhookFormValues> {
  return async (values): Promise<ResolverResult<WebhookFormValues>> => {
    const result = createWebhookSchema.safeParse(formValuesToInput(values));
    if (result.success) {
      return { values, errors: {} };
    }
    const errors: FieldErrors<WebhookFormValues> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (!isFieldName(field) || errors[field]) continue;
      errors[field] = { type: issue.code, message: issueMessage(field, issue, t) };
    }
    return { values: {}, errors };
  };
}

/**
 * The translation key of an event's label: `webhooks.events.document-tag-added` for
 * `document:tag:added` (i18next reads a colon as a namespace separator).
 */
export function eventLabelKey(event: WebhookEvent): string {
  return `webhooks.events.${event.replaceAll(':', '-')}`;
}
