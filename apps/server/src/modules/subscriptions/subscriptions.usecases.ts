import type { BillingInterval, CheckoutPlanId } from '@sheaf/contracts/plans';
import {
  CHECKOUT_CANCEL_PATH,
  CHECKOUT_SUCCESS_PATH,
  type SubscriptionResponse,
  type UsageResponse,
} from '@sheaf/contracts/subscriptions';
import type Stripe from 'stripe';
import type { AppDatabase } from '../../db/database';
import { lockRow } from '../../db/locks';
import { type Clock, toTimestamp } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { DocumentsReadPort } from '../documents/documents.port';
import type { PlansUsecases } from '../plans/plans.usecases';
import {
  createAlreadySubscribedError,
  createCustomerNotFoundError,
  createInvalidWebhookSignatureError,
  createProviderUnavailableError,
  createSubscriptionsDisabledError,
} from './subscriptions.errors';
import type { PriceTable, StripeClient } from './subscriptions.stripe';

/** The Stripe events the webhook acts on; any other is acknowledged and ignored. */
export const HANDLED_STRIPE_EVENTS = [
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
] as const;

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? undefined);

/** The subscription an event is about, if any. */
function subscriptionIdOf(event: Stripe.Event): string | undefined {
  switch (event.type) {
    case 'checkout.session.completed':
      return event.data.object.mode === 'subscription' ? idOf(event.data.object.subscription) : undefined;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return event.data.object.id;
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      // Newer API versions name it under parent; older ones (and proxies speaking them) at the top.
      const legacy = (invoice as { subscription?: string | { id: string } | null }).subscription;
      return idOf(invoice.parent?.subscription_details?.subscription) ?? idOf(legacy);
    }
    default:
      return undefined;
  }
}

/** The end of the subscription's current period: on its items (newer API versions) or on itself. */
function currentPeriodEndOf(subscription: Stripe.Subscription): string | null {
  const fromItems = subscription.items?.data
    ?.map((item) => item.current_period_end)
    .filter((value): value is number => typeof value === 'number');
  const legacy = (subscription as { current_period_end?: number | null }).current_period_end;
  const seconds = fromItems && fromItems.length > 0 ? Math.max(...fromItems) : legacy;
  return typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null;
}

export function createSubscriptionsUsecases({
  database,
  plans,
  documents,
  clock,
  logger,
  isEnabled,
  getStripe,
  prices,
  webhookSecret,
  appBaseUrl,
}: {
  database: AppDatabase;
  plans: PlansUsecases;
  /** The documents module's read port: the storage an organization uses. */
  documents: Pick<DocumentsReadPort, 'getStorageStats'>;
  clock: Clock;
  logger: Logger;
  isEnabled: boolean;
  /** The Stripe client, made on first use: without billing there is no key to make it with. */
  getStripe: () => StripeClient;
  prices: PriceTable;
  webhookSecret: string | undefined;
  appBaseUrl: string;
}) {
  const { db } = database;

  const assertEnabled = () => {
    if (!isEnabled) throw createSubscriptionsDisabledError();
  };

  /** A call to Stripe; its failure answers 502 subscriptions.provider_unavailable (and is logged). */
  async function callStripe<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      logger.error({ err: error }, `Stripe refused or could not be reached: ${what}`);
      throw createProviderUnavailableError();
    }
  }

  const findCustomerId = async (organizationId: string) =>
    (
      await db
        .selectFrom('organization_stripe_customers')
        .select('customer_id')
        .where('organization_id', '=', organizationId)
        .executeTakeFirst()
    )?.customer_id;

  async function saveCustomer({
    organizationId,
    customerId,
  }: {
    organizationId: string;
    customerId: string;
  }) {
    await db
      .insertInto('organization_stripe_customers')
      .values({
        organization_id: organizationId,
        customer_id: customerId,
        created_at: toTimestamp(clock.now()),
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  /** The organization's Stripe customer, created (with the owner's e-mail) at its first checkout. */
  async function getOrCreateCustomer({ organizationId, userId }: { organizationId: string; userId: string }) {
    const existing = await findCustomerId(organizationId);
    if (existing) return existing;
    const user = await db
      .selectFrom('users')
      .select(['email', 'name'])
      .where('id', '=', userId)
      .executeTakeFirst();
    const customer = await callStripe('create customer', () =>
      getStripe().customers.create(
        {
          ...(user ? { email: user.email } : {}),
          metadata: { organizationId },
        },
        // Two checkouts at once create one customer (Stripe keeps idempotency keys 24 h).
        { idempotencyKey: `sheaf-customer-${organizationId}` },
      ),
    );
    await saveCustomer({ organizationId, customerId: customer.id });
    // Whichever insert won is the organization's customer from now on.
    return (await findCustomerId(organizationId)) ?? customer.id;
  }

  /**
   * Applies the state of one Stripe subscription, as Stripe answers it now, in the transaction that
   * records the event: a replayed event (same id) changes nothing, and the state written by a newer
   * event is never overwritten by an older one (event `created`).
   */
  async function applyEvent(event: Stripe.Event) {
    const subscriptionId = subscriptionIdOf(event);
    let subscription: Stripe.Subscription | undefined;
    if (subscriptionId) {
      try {
        subscription = await getStripe().subscriptions.retrieve(subscriptionId);
      } catch (error) {
        const isMissing = (error as { statusCode?: number }).statusCode === 404;
        if (!isMissing) throw error;
        // Gone from Stripe: only the event's own copy is left.
        subscription = event.type.startsWith('customer.subscription.')
          ? (event.data.object as Stripe.Subscription)
          : undefined;
      }
    }
    const processedAt = toTimestamp(clock.now());
    await db.transaction().execute(async (trx) => {
      const recorded = await trx
        .insertInto('stripe_events')
        .values({ id: event.id, type: event.type, processed_at: processedAt })
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      if (Number(recorded.numInsertedOrUpdatedRows ?? 0) === 0) return;

      const checkoutOrganizationId =
        event.type === 'checkout.session.completed'
          ? (event.data.object.client_reference_id ?? event.data.object.metadata?.organizationId)
          : undefined;
      const customerId =
        idOf(subscription?.customer) ??
        (event.type === 'checkout.session.completed' ? idOf(event.data.object.customer) : undefined);
      let organizationId = subscription?.metadata?.organizationId ?? checkoutOrganizationId;
      if (!organizationId && customerId) {
        organizationId = (
          await trx
            .selectFrom('organization_stripe_customers')
            .select('organization_id')
            .where('customer_id', '=', customerId)
            .executeTakeFirst()
        )?.organization_id;
      }
      if (!organizationId) {
        logger.warn(
          { eventId: event.id, type: event.type },
          'Stripe event for no known organization: ignored',
        );
        return;
      }
      if (!(await lockRow(trx, 'organizations', organizationId))) {
        logger.warn({ eventId: event.id, organizationId }, 'Stripe event for an organization that is gone');
        return;
      }
      if (customerId) {
        await trx
          .insertInto('organization_stripe_customers')
          .values({ organization_id: organizationId, customer_id: customerId, created_at: processedAt })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
      if (!subscription) return;

      const item = subscription.items?.data?.[0];
      const priceId = item?.price?.id;
      const plan = priceId ? prices.planOf(priceId) : undefined;
      if (!plan || !priceId) {
        logger.warn(
          { eventId: event.id, subscriptionId: subscription.id, priceId },
          'Stripe subscription with a price that is not a Sheaf plan (STRIPE_PRICE_*): ignored',
        );
        return;
      }
      const stored = await trx
        .selectFrom('organization_subscriptions')
        .select(['stripe_event_created'])
        .where('id', '=', subscription.id)
        .executeTakeFirst();
      if (stored && Number(stored.stripe_event_created) > event.created) return;
      const values = {
        organization_id: organizationId,
        customer_id: customerId ?? '',
        status: subscription.status,
        plan_id: plan.planId,
        billing_interval: plan.billingInterval,
        price_id: priceId,
        seats_count: item?.quantity ?? 1,
        current_period_end: currentPeriodEndOf(subscription),
        cancel_at_period_end: subscription.cancel_at_period_end ? 1 : 0,
        stripe_event_created: event.created,
        updated_at: processedAt,
      };
      if (stored) {
        await trx
          .updateTable('organization_subscriptions')
          .set(values)
          .where('id', '=', subscription.id)
          .execute();
      } else {
        await trx
          .insertInto('organization_subscriptions')
          .values({ id: subscription.id, ...values, created_at: processedAt })
          .execute();
      }
      logger.info(
        { organizationId, subscriptionId: subscription.id, status: subscription.status, planId: plan.planId },
        'Subscription updated from Stripe',
      );
    });
  }

  return {
    async getSubscription({ organizationId }: { organizationId: string }): Promise<SubscriptionResponse> {
      return {
        subscription: await plans.getOrganizationSubscription({ organizationId }),
        plan: await plans.getOrganizationPlan({ organizationId }),
      };
    },

    /** What the organization uses against its plan's limits (null = unlimited). */
    async getUsage({ organizationId }: { organizationId: string }): Promise<UsageResponse> {
      const { limits } = await plans.getOrganizationPlan({ organizationId });
      const stats = await documents.getStorageStats({ organizationId });
      const intakeEmails = await db
        .selectFrom('intake_emails')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('organization_id', '=', organizationId)
        .executeTakeFirstOrThrow();
      const members = await db
        .selectFrom('organization_members')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('organization_id', '=', organizationId)
        .executeTakeFirstOrThrow();
      return {
        usage: {
          documentsStorage: {
            used: stats.activeSize,
            deleted: stats.deletedSize,
            limit: limits.maxDocumentStorageBytes,
          },
          intakeEmailsCount: { used: Number(intakeEmails.count), limit: limits.maxIntakeEmailsCount },
          membersCount: { used: Number(members.count), limit: limits.maxOrganizationsMembersCount },
        },
        limits,
      };
    },

    /**
     * A Stripe Checkout Session (subscription mode) for the plan and interval; the browser goes to
     * its URL. An organization with an active subscription changes it in the customer portal instead.
     */
    async createCheckoutSession({
      organizationId,
      userId,
      planId,
      billingInterval,
    }: {
      organizationId: string;
      userId: string;
      planId: CheckoutPlanId;
      billingInterval: BillingInterval;
    }) {
      assertEnabled();
      if (await plans.findActiveSubscription({ organizationId })) throw createAlreadySubscribedError();
      const customerId = await getOrCreateCustomer({ organizationId, userId });
      const session = await callStripe('create checkout session', () =>
        getStripe().checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          client_reference_id: organizationId,
          line_items: [{ price: prices.priceOf(planId, billingInterval), quantity: 1 }],
          subscription_data: { metadata: { organizationId } },
          metadata: { organizationId },
          success_url: `${appBaseUrl}${CHECKOUT_SUCCESS_PATH}?sessionId={CHECKOUT_SESSION_ID}`,
          cancel_url: `${appBaseUrl}${CHECKOUT_CANCEL_PATH}`,
        }),
      );
      if (!session.url) throw createProviderUnavailableError();
      return { checkoutUrl: session.url };
    },

    /** A Billing Portal session for the organization's Stripe customer, back to its settings. */
    async createCustomerPortalSession({ organizationId }: { organizationId: string }) {
      assertEnabled();
      const customerId = await findCustomerId(organizationId);
      if (!customerId) throw createCustomerNotFoundError();
      const session = await callStripe('create billing portal session', () =>
        getStripe().billingPortal.sessions.create({
          customer: customerId,
          return_url: `${appBaseUrl}/organizations/${organizationId}/settings`,
        }),
      );
      return { customerPortalUrl: session.url };
    },

    /**
     * POST /api/stripe/webhook: verifies the body against its Stripe-Signature (400 and nothing
     * changed when it does not match), then applies the event. A failure past the signature (Stripe
     * unreachable for the refetch, the database) throws: the 500 makes Stripe send it again.
     */
    async handleWebhook({ payload, signature }: { payload: Buffer; signature: string | undefined }) {
      assertEnabled();
      if (!signature || !webhookSecret) throw createInvalidWebhookSignatureError();
      let event: Stripe.Event;
      try {
        event = getStripe().webhooks.constructEvent(payload, signature, webhookSecret);
      } catch {
        throw createInvalidWebhookSignatureError();
      }
      if ((HANDLED_STRIPE_EVENTS as readonly string[]).includes(event.type)) {
        await applyEvent(event);
      } else {
        logger.debug({ eventId: event.id, type: event.type }, 'Stripe event not handled: acknowledged');
      }
      return { received: true };
    },
  };
}

export type SubscriptionsUsecases = ReturnType<typeof createSubscriptionsUsecases>;
