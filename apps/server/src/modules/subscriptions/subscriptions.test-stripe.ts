import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A loopback stand-in for the parts of the Stripe API Sheaf calls, for the real `stripe` SDK to
 * talk to (STRIPE_API_BASE_URL): it records every request and answers POST /v1/customers,
 * /v1/checkout/sessions, /v1/billing_portal/sessions and GET /v1/subscriptions/{id} (from
 * `subscriptions`, which the tests set as Stripe's current state). Events are signed with the SDK's
 * `generateTestHeaderString`, as Stripe signs them.
 */
export type RecordedStripeRequest = {
  method: string;
  path: string;
  /** The form fields as the SDK encodes them (`line_items[0][price]`…). */
  form: Record<string, string>;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
};

export type StandInSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: {
    object: 'list';
    data: Array<{
      id: string;
      object: 'subscription_item';
      price: { id: string; object: 'price' };
      quantity: number;
      current_period_end: number;
    }>;
  };
};

export async function startStripeStandIn() {
  const requests: RecordedStripeRequest[] = [];
  const subscriptions = new Map<string, StandInSubscription>();
  let counter = 0;
  const next = (prefix: string) => `${prefix}_standin${++counter}`;

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const idempotencyKey = req.headers['idempotency-key'];
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        form,
        idempotencyKey: typeof idempotencyKey === 'string' ? idempotencyKey : undefined,
        authorization: req.headers.authorization,
      });
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': next('req') });
        res.end(JSON.stringify(body));
      };
      const route = `${req.method} ${url.pathname}`;
      if (route === 'POST /v1/customers') {
        return answer(200, { id: next('cus'), object: 'customer', email: form.email ?? null, metadata: {} });
      }
      if (route === 'POST /v1/checkout/sessions') {
        const id = next('cs_test');
        return answer(200, {
          id,
          object: 'checkout.session',
          mode: form.mode,
          customer: form.customer ?? null,
          client_reference_id: form.client_reference_id ?? null,
          url: `https://checkout.stripe.test/c/pay/${id}`,
        });
      }
      if (route === 'POST /v1/billing_portal/sessions') {
        const id = next('bps');
        return answer(200, {
          id,
          object: 'billing_portal.session',
          customer: form.customer,
          return_url: form.return_url,
          url: `https://billing.stripe.test/p/session/${id}`,
        });
      }
      const subscriptionMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && subscriptionMatch) {
        const subscription = subscriptions.get(decodeURIComponent(subscriptionMatch[1] ?? ''));
        if (subscription) return answer(200, subscription);
        return answer(404, {
          error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such subscription' },
        });
      }
      return answer(404, {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${route})` },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    subscriptions,
    /** Sets Stripe's current state of a subscription (what GET /v1/subscriptions/{id} answers). */
    setSubscription({
      id,
      customer,
      organizationId,
      priceId,
      status = 'active',
      cancelAtPeriodEnd = false,
      currentPeriodEnd = 1_900_000_000,
      quantity = 1,
    }: {
      id: string;
      customer: string;
      organizationId: string;
      priceId: string;
      status?: string;
      cancelAtPeriodEnd?: boolean;
      currentPeriodEnd?: number;
      quantity?: number;
    }): StandInSubscription {
      const subscription: StandInSubscription = {
        id,
        object: 'subscription',
        customer,
        status,
        cancel_at_period_end: cancelAtPeriodEnd,
        metadata: { organizationId },
        items: {
          object: 'list',
          data: [
            {
              id: `si_${id}`,
              object: 'subscription_item',
              price: { id: priceId, object: 'price' },
              quantity,
              current_period_end: currentPeriodEnd,
            },
          ],
        },
      };
      subscriptions.set(id, subscription);
      return subscription;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

const signer = new Stripe('sk_test_signer');

/** A Stripe event (as Stripe posts it) and its Stripe-Signature header for `secret`. */
export function signedStripeEvent({
  id,
  type,
  object,
  created,
  secret,
}: {
  id: string;
  type: string;
  object: unknown;
  /** Unix seconds. */
  created: number;
  secret: string;
}) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}
