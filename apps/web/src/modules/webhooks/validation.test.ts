import { WEBHOOK_EVENTS } from '@sheaf/contracts/webhooks';
import { describe, expect, test } from 'vitest';
import { createTestI18n } from '../../test/render';
import { webhookFixture } from './testing';
import {
  EMPTY_WEBHOOK_FORM,
  formValuesToInput,
  getAllEventsState,
  toggleAllEvents,
  toggleEvent,
  type WebhookFormValues,
  webhookFormResolver,
  webhookToFormValues,
} from './validation';

const valid: WebhookFormValues = {
  ...EMPTY_WEBHOOK_FORM,
  name: 'Accounting',
  url: 'https://hooks.example.com/sheaf',
  events: ['document:created'],
};

async function resolve(values: WebhookFormValues) {
  const t = createTestI18n().t;
  // The resolver ignores react-hook-form's context and options.
  const result = await webhookFormResolver(t)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: undefined,
  });
  return Object.fromEntries(Object.entries(result.errors).map(([field, error]) => [field, error?.message]));
}

describe('formValuesToInput', () => {
  test('trims the name and URL and keeps the events in the known order', () => {
    expect(
      formValuesToInput({
        ...valid,
        name: '  Accounting  ',
        url: ' https://hooks.example.com/sheaf ',
        events: ['document:tag:removed', 'document:created'],
      }),
    ).toEqual({
      name: 'Accounting',
      url: 'https://hooks.example.com/sheaf',
      enabled: true,
      events: ['document:created', 'document:tag:removed'],
    });
  });

  test('on creation, a non-empty secret is sent and an empty one is left out', () => {
    expect(formValuesToInput({ ...valid, secret: 'whsec_abc' }).secret).toBe('whsec_abc');
    expect(formValuesToInput({ ...valid, secret: '' })).not.toHaveProperty('secret');
    expect(formValuesToInput({ ...valid, secret: '   ' })).not.toHaveProperty('secret');
  });

  test('on edit, the secret is sent only once rotated and non-empty', () => {
    const edit = webhookToFormValues(webhookFixture());
    expect(edit.isSecretEditable).toBe(false);
    // Not rotated: whatever the field holds, nothing is sent (a PUT without secret keeps it).
    expect(formValuesToInput({ ...edit, secret: 'typed but not rotated' })).not.toHaveProperty('secret');
    // Rotated but left empty: still nothing, never `secret: ''` (which would remove it).
    expect(formValuesToInput({ ...edit, isSecretEditable: true, secret: '' })).not.toHaveProperty('secret');
    expect(formValuesToInput({ ...edit, isSecretEditable: true, secret: ' new ' }).secret).toBe('new');
  });
});

describe('events selection', () => {
  test('select all ticks every event, and unticks them all when all are ticked', () => {
    expect(toggleAllEvents([])).toEqual([...WEBHOOK_EVENTS]);
    expect(toggleAllEvents(['document:updated'])).toEqual([...WEBHOOK_EVENTS]);
    expect(toggleAllEvents([...WEBHOOK_EVENTS])).toEqual([]);
  });

  test('the select-all box is unchecked, indeterminate or checked', () => {
    expect(getAllEventsState([])).toBe(false);
    expect(getAllEventsState(['document:deleted'])).toBe('indeterminate');
    expect(getAllEventsState([...WEBHOOK_EVENTS])).toBe(true);
  });

  test('ticking keeps the known order; unticking removes', () => {
    expect(toggleEvent(['document:tag:added'], 'document:created', true)).toEqual([
      'document:created',
      'document:tag:added',
    ]);
    expect(toggleEvent(['document:created', 'document:tag:added'], 'document:created', false)).toEqual([
      'document:tag:added',
    ]);
  });
});

describe('webhookFormResolver', () => {
  test('accepts a valid webhook', async () => {
    expect(await resolve(valid)).toEqual({});
  });

  test('requires a name, a URL and at least one event', async () => {
    expect(await resolve({ ...EMPTY_WEBHOOK_FORM, name: '   ' })).toEqual({
      name: 'The name is required.',
      url: 'The URL is required.',
      events: 'Select at least one event.',
    });
  });

  test('refuses a URL that is not http(s), and a name that is too long', async () => {
    expect(await resolve({ ...valid, url: 'ftp://example.com' })).toEqual({
      url: 'Enter a valid URL starting with http:// or https://.',
    });
    expect(await resolve({ ...valid, url: 'not a url' })).toEqual({
      url: 'Enter a valid URL starting with http:// or https://.',
    });
    expect(await resolve({ ...valid, name: 'x'.repeat(129) })).toEqual({
      name: 'The name must be at most 128 characters.',
    });
  });

  test('refuses control characters', async () => {
    expect(await resolve({ ...valid, name: 'Bad\u0007name' })).toEqual({
      name: 'Control characters are not allowed.',
    });
  });

  test('checks the secret only when it will be sent', async () => {
    const long = 'x'.repeat(257);
    expect(await resolve({ ...valid, secret: long })).toEqual({
      secret: 'The secret must be at most 256 characters.',
    });
    expect(await resolve({ ...valid, isSecretEditable: false, secret: long })).toEqual({});
  });
});
