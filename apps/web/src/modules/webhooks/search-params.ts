/** The tabs of a webhook's page; the default, settings, is left out of the URL. */
export const WEBHOOK_TABS = ['settings', 'deliveries'] as const;
export type WebhookTab = (typeof WEBHOOK_TABS)[number];

export type WebhookSearch = { tab?: WebhookTab };

/** `?tab=deliveries` selects the deliveries tab of `/settings/webhooks/{webhookId}`. */
export function validateWebhookSearch(search: Record<string, unknown>): WebhookSearch {
  return search.tab === 'deliveries' ? { tab: 'deliveries' } : {};
}
