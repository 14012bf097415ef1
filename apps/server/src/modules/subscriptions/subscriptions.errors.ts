import { createApiError } from '../../shared/errors';

export const createSubscriptionsDisabledError = () => createApiError('subscriptions.disabled');

export const createAlreadySubscribedError = () => createApiError('subscriptions.already_subscribed');

export const createCustomerNotFoundError = () => createApiError('subscriptions.customer_not_found');

export const createInvalidWebhookSignatureError = () =>
  createApiError('subscriptions.invalid_webhook_signature');

export const createProviderUnavailableError = () => createApiError('subscriptions.provider_unavailable');
