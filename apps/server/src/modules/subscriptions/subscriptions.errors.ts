import { HttpError } from '../../shared/errors';

export const createSubscriptionsDisabledError = () =>
  new HttpError({
    code: 'subscriptions.disabled',
    message: 'Billing is switched off on this server (SUBSCRIPTIONS_IS_ENABLED).',
    status: 404,
  });

export const createAlreadySubscribedError = () =>
  new HttpError({
    code: 'subscriptions.already_subscribed',
    message:
      'This organization already has an active subscription: change or cancel it in the customer portal.',
    status: 409,
  });

export const createCustomerNotFoundError = () =>
  new HttpError({
    code: 'subscriptions.customer_not_found',
    message: 'This organization has no billing account yet: subscribe to a plan first.',
    status: 404,
  });

export const createInvalidWebhookSignatureError = () =>
  new HttpError({
    code: 'subscriptions.invalid_webhook_signature',
    message: 'The Stripe-Signature header is missing or does not match the body.',
    status: 400,
  });

export const createProviderUnavailableError = () =>
  new HttpError({
    code: 'subscriptions.provider_unavailable',
    message: 'The payment provider could not be reached, try again later.',
    status: 502,
  });
