import { randomBytes } from 'node:crypto';
import { PLANS, type Plan, type PlanLimits } from '@sheaf/contracts/plans';
import type { SubscriptionResponse, UsageResponse } from '@sheaf/contracts/subscriptions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useApiTestServer } from '../../test/api-test-fixture';
import { readError, readJson } from '../../test/http';
import { TEST_STRIPE_ENV } from '../../test/test-app';
import { testDialects, useTestDatabase } from '../../test/test-database';
import { insertDocument } from '../../test/test-documents';
import { request, uploadFile } from '../documents/documents.test-helpers';
import {
  addMember,
  call,
  createApiKey,
  createOrganization,
  invite,
  type TestUser,
} from '../organizations/organizations.test-helpers';
import { type StripeStandIn, signedStripeEvent, startStripeStandIn } from './subscriptions.test-stripe';

const WEBHOOK_SECRET = TEST_STRIPE_ENV.STRIPE_WEBHOOK_SECRET;
const PRICE = {
  plusMonthly: TEST_STRIPE_ENV.STRIPE_PRICE_PLUS_MONTHLY,
  plusAnnual: TEST_STRIPE_ENV.STRIPE_PRICE_PLUS_ANNUAL,
  proMonthly: TEST_STRIPE_ENV.STRIPE_PRICE_PRO_MONTHLY,
  proAnnual: TEST_STRIPE_ENV.STRIPE_PRICE_PRO_ANNUAL,
};
const SERVER_MAX_UPLOAD = 100_000_000;

const statusCounts = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((counts, status) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

/** The plan's limits as a server with the default DOCUMENTS_MAX_UPLOAD_SIZE answers them. */
const limitsOf = (plan: Plan): PlanLimits => ({
  ...plan.limits,
  maxFileSize: Math.min(plan.limits.maxFileSize ?? SERVER_MAX_UPLOAD, SERVER_MAX_UPLOAD),
});

describe.each(testDialects)('plans and billing with Stripe on %s', (dialect) => {
  const testDatabase = useTestDatabase(dialect);
  let stripe: StripeStandIn;
  const { server, serverWith, createUser } = useApiTestServer(testDatabase, {
    env: () => ({
      INTAKE_EMAILS_IS_ENABLED: 'true',
      INTAKE_EMAILS_DOMAIN: 'intake.example.com',
      MAX_INVITATIONS_PER_DAY: '1000',
      STRIPE_API_BASE_URL: stripe.url,
      SUBSCRIPTIONS_IS_ENABLED: 'true',
    }),
  });
  let owner: TestUser;
  let admin: TestUser;
  let stranger: TestUser;
  let joiner: TestUser;
  let organizationId: string;
  let eventCounter = 0;

  beforeAll(async () => {
    // Before the first use of the server, which is pointed at it.
    stripe = await startStripeStandIn();
    owner = await createUser(`billing-owner-${dialect}@example.com`);
    admin = await createUser(`billing-admin-${dialect}@example.com`);
    stranger = await createUser(`billing-stranger-${dialect}@example.com`);
    joiner = await createUser(`billing-joiner-${dialect}@example.com`);
    organizationId = (await createOrganization(server, owner, 'Billed')).id;
    await addMember(server, owner, organizationId, admin, 'admin');
  });
  afterAll(async () => {
    await stripe?.close();
  });

  const getSubscription = async (id = organizationId, target = server) => {
    const response = await request(target, 'GET', `/api/organizations/${id}/subscription`, {
      cookie: owner.cookie,
    });
    expect(response.status).toBe(200);
    return readJson<SubscriptionResponse>(response);
  };
  const getUsage = async (id = organizationId, target = server) => {
    const response = await request(target, 'GET', `/api/organizations/${id}/usage`, { cookie: owner.cookie });
    expect(response.status).toBe(200);
    return readJson<UsageResponse>(response);
  };
  const checkout = (user: TestUser, body: unknown, id = organizationId, target = server) =>
    request(target, 'POST', `/api/organizations/${id}/checkout-session`, { cookie: user.cookie }, { body });
  const portal = (user: TestUser, id = organizationId, target = server) =>
    request(target, 'GET', `/api/organizations/${id}/customer-portal`, { cookie: user.cookie });
  const createIntakeEmail = (id = organizationId, target = server) =>
    request(target, 'POST', `/api/organizations/${id}/intake-emails`, { cookie: owner.cookie });
  const postWebhook = (payload: string, signature: string | undefined, target = server) =>
    target.app.request('/api/stripe/webhook', {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(signature !== undefined ? { 'stripe-signature': signature } : {}),
      },
      body: payload,
    });
  /** Signs and posts an event; answers its id and the response. */
  const sendEvent = async (
    type: string,
    object: unknown,
    { id = `evt_${dialect}_${++eventCounter}`, created = 1_800_000_000 + eventCounter } = {},
  ) => {
    const { payload, signature } = signedStripeEvent({ id, type, object, created, secret: WEBHOOK_SECRET });
    const response = await postWebhook(payload, signature);
    return { id, created, response };
  };
  const countRows = async (table: 'stripe_events' | 'organization_subscriptions') =>
    Number(
      (
        await testDatabase.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number | string>().as('count'))
          .executeTakeFirstOrThrow()
      ).count,
    );
  const stripeCalls = (path: string) => stripe.requests.filter((recorded) => recorded.path === path);

  /** The customer Sheaf created for the organization at its first checkout. */
  const customerOf = async (id: string) =>
    (
      await testDatabase.db
        .selectFrom('organization_stripe_customers')
        .select('customer_id')
        .where('organization_id', '=', id)
        .executeTakeFirstOrThrow()
    ).customer_id;

  it('opens a checkout session with the plan price, the organization and the return pages, for a customer made once from the owner', async () => {
    const response = await checkout(owner, { planId: 'plus', billingInterval: 'annual' });
    expect(response.status).toBe(200);
    const { checkoutUrl } = await readJson<{ checkoutUrl: string }>(response);
    expect(checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

    const [customer] = stripeCalls('/v1/customers');
    expect(customer?.form).toMatchObject({ email: owner.email, 'metadata[organizationId]': organizationId });
    expect(customer?.authorization).toBe(`Bearer ${TEST_STRIPE_ENV.STRIPE_API_KEY}`);
    const [session] = stripeCalls('/v1/checkout/sessions');
    expect(session?.method).toBe('POST');
    expect(session?.form).toMatchObject({
      mode: 'subscription',
      customer: await customerOf(organizationId),
      client_reference_id: organizationId,
      'line_items[0][price]': PRICE.plusAnnual,
      'line_items[0][quantity]': '1',
      'subscription_data[metadata][organizationId]': organizationId,
      success_url: 'http://localhost:8080/checkout-success?sessionId={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:8080/checkout-cancel',
    });

    // Another plan and interval: its own price, the same customer.
    const again = await checkout(owner, { planId: 'pro', billingInterval: 'monthly' });
    expect(again.status).toBe(200);
    expect(stripeCalls('/v1/customers')).toHaveLength(1);
    expect(stripeCalls('/v1/checkout/sessions')[1]?.form).toMatchObject({
      customer: await customerOf(organizationId),
      'line_items[0][price]': PRICE.proMonthly,
    });
  });

  it('refuses checkout and the portal to members, strangers and API keys without calling Stripe', async () => {
    const callsBefore = stripe.requests.length;
    const token = await createApiKey(server, owner, {
      permissions: ['organizations:read', 'organizations:update'],
      allOrganizations: true,
    });
    const body = { planId: 'plus', billingInterval: 'monthly' };
    for (const user of [admin, stranger]) {
      const refusedCheckout = await checkout(user, body);
      expect(refusedCheckout.status).toBe(403);
      expect((await readError(refusedCheckout)).error.code).toBe('auth.forbidden');
      const refusedPortal = await portal(user);
      expect(refusedPortal.status).toBe(403);
    }
    const path = `/api/organizations/${organizationId}`;
    expect((await request(server, 'POST', `${path}/checkout-session`, { token }, { body })).status).toBe(403);
    expect((await request(server, 'GET', `${path}/customer-portal`, { token })).status).toBe(403);
    expect(stripe.requests.length).toBe(callsBefore);
  });

  it('refuses a plan that cannot be bought, a missing interval and unknown fields with 400', async () => {
    const callsBefore = stripe.requests.length;
    for (const body of [
      { planId: 'free', billingInterval: 'monthly' },
      { planId: 'gold', billingInterval: 'annual' },
      { planId: 'plus' },
      { planId: 'plus', billingInterval: 'weekly' },
      { planId: 'plus', billingInterval: 'annual', price: 'price_free_lunch' },
    ]) {
      const response = await checkout(owner, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await readError(response)).error.code).toBe('api.validation_error');
    }
    expect(stripe.requests.length).toBe(callsBefore);
  });

  it('opens the customer portal of the organization, back to its settings, and answers 404 to an organization that never paid', async () => {
    const response = await portal(owner);
    expect(response.status).toBe(200);
    const { customerPortalUrl } = await readJson<{ customerPortalUrl: string }>(response);
    expect(customerPortalUrl).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\/bps_/);
    expect(stripeCalls('/v1/billing_portal/sessions').at(-1)?.form).toEqual({
      customer: await customerOf(organizationId),
      return_url: `http://localhost:8080/organizations/${organizationId}/settings`,
    });

    const neverPaid = (await createOrganization(server, owner, 'Never paid')).id;
    const missing = await portal(owner, neverPaid);
    expect(missing.status).toBe(404);
    expect((await readError(missing)).error.code).toBe('subscriptions.customer_not_found');
  });

  it('puts the organization on plus after a paid checkout and applies the plus limits at once', async () => {
    const free = await getSubscription();
    expect(free.subscription).toBeNull();
    expect(free.plan.id).toBe('free');
    // Free: one intake address.
    expect((await createIntakeEmail()).status).toBe(201);
    const refused = await createIntakeEmail();
    expect(refused.status).toBe(403);
    expect((await readError(refused)).error.code).toBe('intake_email.limit_reached');
    // Free: 25 MB per upload, refused while it streams.
    const largeFile = { name: 'scan.bin', data: Buffer.alloc(26 * 1000 * 1000, 7) };
    const tooLarge = await uploadFile(server, { cookie: owner.cookie }, organizationId, largeFile);
    expect(tooLarge.status).toBe(413);
    expect((await readError(tooLarge)).error.code).toBe('document.size_too_large');

    const customer = await customerOf(organizationId);
    const subscription = stripe.setSubscription({
      id: `sub_${dialect}_plus`,
      customer,
      organizationId,
      priceId: PRICE.plusMonthly,
      currentPeriodEnd: 1_900_000_000,
    });
    const completed = await sendEvent('checkout.session.completed', {
      id: 'cs_test_paid',
      object: 'checkout.session',
      mode: 'subscription',
      payment_status: 'paid',
      client_reference_id: organizationId,
      customer,
      subscription: subscription.id,
    });
    expect(completed.response.status).toBe(200);
    expect(await readJson(completed.response)).toEqual({ received: true });
    expect((await sendEvent('customer.subscription.created', subscription)).response.status).toBe(200);
    expect(stripeCalls(`/v1/subscriptions/${subscription.id}`).length).toBeGreaterThanOrEqual(1);

    const plus = await getSubscription();
    expect(plus.plan.id).toBe('plus');
    expect(plus.plan.limits).toEqual(limitsOf(PLANS.plus));
    expect(plus.subscription).toEqual({
      id: subscription.id,
      status: 'active',
      planId: 'plus',
      billingInterval: 'monthly',
      currentPeriodEnd: new Date(1_900_000_000 * 1000).toISOString(),
      cancelAtPeriodEnd: false,
      seatsCount: 1,
    });
    const { usage, limits } = await getUsage();
    expect(limits).toEqual(limitsOf(PLANS.plus));
    expect(usage.intakeEmailsCount).toEqual({ used: 1, limit: 10 });
    expect(usage.membersCount).toEqual({ used: 2, limit: 10 });
    // At once: the second intake address is accepted now, and seats past free's three.
    expect((await createIntakeEmail()).status).toBe(201);
    expect((await uploadFile(server, { cookie: owner.cookie }, organizationId, largeFile)).status).toBe(201);
    await invite(server, owner, organizationId, joiner.email);
    await invite(server, owner, organizationId, `billing-extra-${dialect}@example.com`);

    // Already subscribed: checkout is refused, the portal is the way to change plans.
    const twice = await checkout(owner, { planId: 'pro', billingInterval: 'annual' });
    expect(twice.status).toBe(409);
    expect((await readError(twice)).error.code).toBe('subscriptions.already_subscribed');
  });

  it('ignores a replayed event and never lets an older event overwrite a newer state', async () => {
    const customer = await customerOf(organizationId);
    const id = `sub_${dialect}_plus`;
    // Upgraded to pro in the portal, renewing at a later date.
    stripe.setSubscription({
      id,
      customer,
      organizationId,
      priceId: PRICE.proAnnual,
      currentPeriodEnd: 1_950_000_000,
    });
    const newer = await sendEvent('customer.subscription.updated', stripe.subscriptions.get(id), {
      created: 1_850_000_000,
    });
    expect(newer.response.status).toBe(200);
    expect((await getSubscription()).subscription).toMatchObject({
      planId: 'pro',
      billingInterval: 'annual',
      currentPeriodEnd: new Date(1_950_000_000 * 1000).toISOString(),
    });
    const eventsBefore = await countRows('stripe_events');

    // Stripe answers a stale state (as a lagging read could), for an event older than the stored one.
    stripe.setSubscription({ id, customer, organizationId, priceId: PRICE.plusMonthly, status: 'canceled' });
    const older = await sendEvent('customer.subscription.updated', stripe.subscriptions.get(id), {
      created: 1_849_999_000,
    });
    expect(older.response.status).toBe(200);
    // The same event delivered again: acknowledged, nothing applied.
    const { payload, signature } = signedStripeEvent({
      id: newer.id,
      type: 'customer.subscription.deleted',
      object: stripe.subscriptions.get(id),
      created: 1_850_000_001,
      secret: WEBHOOK_SECRET,
    });
    const replayed = await postWebhook(payload, signature);
    expect(replayed.status).toBe(200);

    const after = await getSubscription();
    expect(after.plan.id).toBe('pro');
    expect(after.subscription).toMatchObject({ planId: 'pro', status: 'active' });
    // The older event is recorded (so its own replays are ignored too); the replay is not.
    expect(await countRows('stripe_events')).toBe(eventsBefore + 1);

    // Payment failed: still pro while Stripe retries (past_due), then the newest state wins again.
    stripe.setSubscription({ id, customer, organizationId, priceId: PRICE.proAnnual, status: 'past_due' });
    const failed = await sendEvent(
      'invoice.payment_failed',
      {
        id: 'in_failed',
        object: 'invoice',
        parent: { type: 'subscription_details', subscription_details: { subscription: id } },
      },
      { created: 1_860_000_000 },
    );
    expect(failed.response.status).toBe(200);
    expect((await getSubscription()).subscription).toMatchObject({ planId: 'pro', status: 'past_due' });
    stripe.setSubscription({
      id,
      customer,
      organizationId,
      priceId: PRICE.proAnnual,
      cancelAtPeriodEnd: true,
    });
    await sendEvent(
      'invoice.paid',
      { id: 'in_paid', object: 'invoice', subscription: id },
      { created: 1_860_000_100 },
    );
    expect((await getSubscription()).subscription).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
    });
  });

  it('puts the organization back on free when the subscription is deleted, deleting nothing', async () => {
    const customer = await customerOf(organizationId);
    const id = `sub_${dialect}_plus`;
    stripe.setSubscription({ id, customer, organizationId, priceId: PRICE.proAnnual, status: 'canceled' });
    const deleted = await sendEvent('customer.subscription.deleted', stripe.subscriptions.get(id), {
      created: 1_870_000_000,
    });
    expect(deleted.response.status).toBe(200);
    const free = await getSubscription();
    expect(free.subscription).toBeNull();
    expect(free.plan.id).toBe('free');
    // Both intake addresses are kept; the organization is over its limit and cannot add one.
    const { usage } = await getUsage();
    expect(usage.intakeEmailsCount).toEqual({ used: 2, limit: 1 });
    const refused = await createIntakeEmail();
    expect(refused.status).toBe(403);
    expect((await readError(refused)).error.code).toBe('intake_email.limit_reached');
    // Owner, admin and two pending invitations: over free's three seats, so no one joins.
    const received = await call(server.app, 'GET', '/api/invitations', { cookie: joiner.cookie });
    const { invitations } = await readJson<{ invitations: Array<{ id: string; organizationId: string }> }>(
      received,
    );
    const pending = invitations.find((invitation) => invitation.organizationId === organizationId);
    const accepted = await call(server.app, 'POST', `/api/invitations/${pending?.id}/accept`, {
      cookie: joiner.cookie,
    });
    expect(accepted.status).toBe(403);
    expect((await readError(accepted)).error.code).toBe('organization.max_members_count_reached');
    expect(usage.membersCount).toEqual({ used: 2, limit: 3 });
    // Free again: checkout is open again.
    expect((await checkout(owner, { planId: 'plus', billingInterval: 'monthly' })).status).toBe(200);
  });

  it('answers 400 to a forged, missing or stale signature and changes nothing', async () => {
    const customer = await customerOf(organizationId);
    const id = `sub_${dialect}_forged`;
    const object = stripe.setSubscription({ id, customer, organizationId, priceId: PRICE.proAnnual });
    const eventsBefore = await countRows('stripe_events');
    const subscriptionsBefore = await countRows('organization_subscriptions');
    const genuine = signedStripeEvent({
      id: `evt_${dialect}_forged`,
      type: 'customer.subscription.created',
      object,
      created: 1_880_000_000,
      secret: WEBHOOK_SECRET,
    });
    const forged = signedStripeEvent({
      id: `evt_${dialect}_forged`,
      type: 'customer.subscription.created',
      object,
      created: 1_880_000_000,
      secret: 'whsec_not_the_right_one',
    });
    const attempts = [
      await postWebhook(forged.payload, forged.signature),
      await postWebhook(genuine.payload, undefined),
      await postWebhook(genuine.payload.replace(PRICE.proAnnual, PRICE.plusMonthly), genuine.signature),
      await postWebhook(genuine.payload, 't=1,v1=00'),
    ];
    for (const response of attempts) {
      expect(response.status).toBe(400);
      expect((await readError(response)).error.code).toBe('subscriptions.invalid_webhook_signature');
    }
    expect(await countRows('stripe_events')).toBe(eventsBefore);
    expect(await countRows('organization_subscriptions')).toBe(subscriptionsBefore);
    expect((await getSubscription()).plan.id).toBe('free');
  });

  it('holds the free limits under 30 concurrent requests: seats with pending invitations, intake addresses, storage with the trash', async () => {
    const fresh = (await createOrganization(server, owner, `Crowded ${dialect}`)).id;

    // Seats: the owner and two pending invitations fill the three.
    const invitations = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        request(
          server,
          'POST',
          `/api/organizations/${fresh}/members/invitations`,
          { cookie: owner.cookie },
          {
            body: { email: `crowd-${dialect}-${index}@example.com`, role: 'member' },
          },
        ),
      ),
    );
    expect(statusCounts(invitations.map(({ status }) => status))).toEqual({ 201: 2, 403: 28 });
    const refusedInvitation = invitations.find(({ status }) => status === 403);
    expect((await readError(refusedInvitation!)).error.code).toBe('organization.max_members_count_reached');

    // Intake addresses: one.
    const intakes = await Promise.all(Array.from({ length: 30 }, () => createIntakeEmail(fresh)));
    expect(statusCounts(intakes.map(({ status }) => status))).toEqual({ 201: 1, 403: 29 });

    // Storage: 95 kB left once the trash is counted (50 kB of it), so 9 files of 10 kB fit.
    const limit = PLANS.free.limits.maxDocumentStorageBytes ?? 0;
    await insertDocument(testDatabase.db, {
      id: `doc_${randomBytes(10).toString('hex')}`,
      organizationId: fresh,
      size: limit - 145_000,
      sha256: randomBytes(32).toString('hex'),
    });
    const trashedId = `doc_${randomBytes(10).toString('hex')}`;
    await insertDocument(testDatabase.db, {
      id: trashedId,
      organizationId: fresh,
      size: 50_000,
      sha256: randomBytes(32).toString('hex'),
    });
    await testDatabase.db
      .updateTable('documents')
      .set({ is_deleted: 1, deleted_at: new Date().toISOString() })
      .where('id', '=', trashedId)
      .execute();
    const uploads = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        uploadFile(server, { cookie: owner.cookie }, fresh, {
          name: `part-${index}.bin`,
          data: randomBytes(10_000),
        }),
      ),
    );
    expect(statusCounts(uploads.map(({ status }) => status))).toEqual({ 201: 9, 413: 21 });
    const refusedUpload = uploads.find(({ status }) => status === 413);
    expect((await readError(refusedUpload!)).error.code).toBe('documents.storage_limit_reached');
    const { usage } = await getUsage(fresh);
    expect(usage.documentsStorage.used + usage.documentsStorage.deleted).toBeLessThanOrEqual(limit);
    expect(usage.documentsStorage).toEqual({ used: limit - 145_000 + 90_000, deleted: 50_000, limit });
  });

  it('answers 502 when Stripe cannot be reached, and a webhook that cannot refetch answers 500 and is applied when sent again', async () => {
    const unreachable = serverWith({
      SUBSCRIPTIONS_IS_ENABLED: 'true',
      STRIPE_API_BASE_URL: 'http://127.0.0.1:9',
    });
    const lonely = (await createOrganization(server, owner, `Offline ${dialect}`)).id;
    const refused = await checkout(owner, { planId: 'pro', billingInterval: 'annual' }, lonely, unreachable);
    expect(refused.status).toBe(502);
    expect((await readError(refused)).error.code).toBe('subscriptions.provider_unavailable');

    const customer = `cus_${dialect}_offline`;
    const object = stripe.setSubscription({
      id: `sub_${dialect}_offline`,
      customer,
      organizationId: lonely,
      priceId: PRICE.plusAnnual,
    });
    const event = signedStripeEvent({
      id: `evt_${dialect}_offline`,
      type: 'customer.subscription.created',
      object,
      created: 1_885_000_000,
      secret: WEBHOOK_SECRET,
    });
    const eventsBefore = await countRows('stripe_events');
    expect((await postWebhook(event.payload, event.signature, unreachable)).status).toBe(500);
    expect(await countRows('stripe_events')).toBe(eventsBefore);
    expect((await getSubscription(lonely)).plan.id).toBe('free');
    expect((await postWebhook(event.payload, event.signature)).status).toBe(200);
    expect((await getSubscription(lonely)).subscription).toMatchObject({
      planId: 'plus',
      billingInterval: 'annual',
    });
  });

  it('has no plan limit and no billing when subscriptions are disabled', async () => {
    const selfHosted = serverWith({ SUBSCRIPTIONS_IS_ENABLED: 'false' });
    const { subscription, plan } = await getSubscription(organizationId, selfHosted);
    expect(subscription).toBeNull();
    expect(plan.limits).toEqual({
      maxDocumentStorageBytes: null,
      maxOrganizationsMembersCount: null,
      maxIntakeEmailsCount: null,
      maxFileSize: SERVER_MAX_UPLOAD,
    });
    // The organization stays over free's intake limit: unlimited here, five more are fine.
    const intakes = await Promise.all(
      Array.from({ length: 5 }, () => createIntakeEmail(organizationId, selfHosted)),
    );
    expect(intakes.map(({ status }) => status)).toEqual([201, 201, 201, 201, 201]);
    expect((await getUsage(organizationId, selfHosted)).usage.intakeEmailsCount.limit).toBeNull();

    const callsBefore = stripe.requests.length;
    const refusedCheckout = await checkout(
      owner,
      { planId: 'plus', billingInterval: 'monthly' },
      organizationId,
      selfHosted,
    );
    expect(refusedCheckout.status).toBe(404);
    expect((await readError(refusedCheckout)).error.code).toBe('subscriptions.disabled');
    expect((await portal(owner, organizationId, selfHosted)).status).toBe(404);
    const { payload, signature } = signedStripeEvent({
      id: 'evt_disabled',
      type: 'customer.subscription.deleted',
      object: {},
      created: 1_890_000_000,
      secret: WEBHOOK_SECRET,
    });
    const webhook = await postWebhook(payload, signature, selfHosted);
    expect(webhook.status).toBe(404);
    expect(stripe.requests.length).toBe(callsBefore);
  });
});
