import { WEBHOOKS_PER_ORGANIZATION_LIMIT } from '@sheaf/contracts/limits';
import { HttpError } from '../../shared/errors';

export const createWebhookNotFoundError = () =>
  new HttpError({
    code: 'webhooks.not_found',
    message: 'No webhook with this id in this organization.',
    status: 404,
  });

export const createWebhookDeliveryNotFoundError = () =>
  new HttpError({
    code: 'webhooks.delivery_not_found',
    message: 'No delivery with this id for this webhook.',
    status: 404,
  });

export const createWebhooksLimitReachedError = () =>
  new HttpError({
    code: 'webhooks.limit_reached',
    message: `This organization already has ${WEBHOOKS_PER_ORGANIZATION_LIMIT} webhooks, the most it can have.`,
    status: 403,
  });

export const createWebhookUrlNotAllowedError = ({ host, address }: { host: string; address: string }) =>
  new HttpError({
    code: 'webhooks.url_not_allowed',
    message: `${host === address ? host : `${host} resolves to ${address}, which`} is not a public address: webhooks cannot target loopback, private, link-local or other internal addresses on this server.`,
    status: 400,
    details: [{ path: 'url', message: 'This URL points to a non-public address', code: 'url_not_allowed' }],
  });
