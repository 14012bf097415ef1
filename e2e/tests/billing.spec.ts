import fs from 'node:fs';
import path from 'node:path';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import {
  type StripeStandIn,
  signedStripeEvent,
  startStripeStandIn,
} from '../../apps/server/src/modules/subscriptions/subscriptions.test-stripe';
import { openPage, signUpWithOrganization } from '../support/accounts';
import { expectNoSeriousAxeViolations } from '../support/axe';
import { useSheafServer } from '../support/sheaf-server';

const WEBHOOK_SECRET = 'whsec_e2e_billing';
const PRICES = {
  STRIPE_PRICE_PLUS_MONTHLY: 'price_plus_monthly',
  STRIPE_PRICE_PLUS_ANNUAL: 'price_plus_annual',
  STRIPE_PRICE_PRO_MONTHLY: 'price_pro_monthly',
  STRIPE_PRICE_PRO_ANNUAL: 'price_pro_annual',
};

/** Filled in before the server starts: the stand-in listens on a port of its own choosing. */
const env: Record<string, string> = {
  AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false',
  SUBSCRIPTIONS_IS_ENABLED: 'true',
  STRIPE_API_KEY: 'sk_test_e2e',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  ...PRICES,
};

let stripe: StripeStandIn | undefined;

function standIn(): StripeStandIn {
  if (!stripe) throw new Error('The Stripe stand-in is not started yet');
  return stripe;
}

/** Stripe's hosted pages, answered in the browser (they are not on the stand-in). */
async function fakeStripePages(context: BrowserContext) {
  await context.route('https://checkout.stripe.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Stand-in checkout</title><h1>Checkout</h1>' }),
  );
  await context.route('https://billing.stripe.test/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Stand-in portal</title><h1>Portal</h1>' }),
  );
}

const organizationIdOf = (organizationUrl: string) => organizationUrl.split('/').at(-1) ?? '';

function priceOf(page: Page, plan: string) {
  return page.getByRole('dialog').getByTestId(`price-${plan}`);
}

test.describe('with subscriptions enabled and a Stripe stand-in', () => {
  test.beforeAll(async () => {
    stripe = await startStripeStandIn();
    env.STRIPE_API_BASE_URL = stripe.url;
  });
  test.afterAll(async () => {
    await stripe?.close();
  });
  const sheafServer = useSheafServer(env);

  test('usage bars, the upgrade dialog with monthly and annual prices, and Upgrade going to Stripe Checkout', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const sheaf = sheafServer();
    const { context, page } = await openPage(browser, sheaf.url);
    await fakeStripePages(context);
    // After the launch discount: list prices.
    await page.clock.setFixedTime(new Date('2026-02-01T10:00:00Z'));
    const organizationUrl = await signUpWithOrganization(page, sheaf.url, {
      name: 'Grace Hopper',
      email: 'grace@example.org',
      password: 'correct horse battery',
    });

    // The usage page: one bar per limit of the free plan.
    await page.goto(`${organizationUrl}/settings/usage`);
    await expect(page.getByRole('heading', { name: 'Usage', level: 1 })).toBeVisible();
    await expect(page.getByText('This organization is on the Free plan.')).toBeVisible();
    for (const name of ['Storage', 'Members', 'Intake e-mail addresses']) {
      await expect(page.getByRole('meter', { name })).toBeAttached();
    }
    await expect(page.getByText('0 B of 500 MB')).toBeVisible();
    await expect(page.getByText('1 of 3')).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // The dialog starts on annual prices, shown per month.
    await page.getByRole('button', { name: 'Upgrade plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose a plan' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('radio', { name: 'Annual' })).toBeChecked();
    await expect(priceOf(page, 'plus')).toHaveText('$7.50');
    await expect(priceOf(page, 'pro')).toHaveText('$25');
    await expect(dialog.getByText('Billed $90 once a year')).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // Monthly, chosen with the keyboard.
    await dialog.getByRole('radio', { name: 'Annual' }).focus();
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    await expect(priceOf(page, 'plus')).toHaveText('$9');
    await expect(priceOf(page, 'pro')).toHaveText('$30');

    // Upgrade: a checkout session for the plan's monthly price, then Stripe's page.
    await dialog.getByRole('button', { name: 'Upgrade to Plus' }).click();
    await expect(page).toHaveURL(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const checkout = standIn().requests.find(
      ({ path: requestPath }) => requestPath === '/v1/checkout/sessions',
    );
    expect(checkout?.form['line_items[0][price]']).toBe('price_plus_monthly');
    expect(checkout?.form.client_reference_id).toBe(organizationIdOf(organizationUrl));
    await context.close();
  });

  test('during the launch discount the dialog shows halved prices with the list price struck through', async ({
    browser,
  }) => {
    const sheaf = sheafServer();
    const { context, page } = await openPage(browser, sheaf.url);
    await page.clock.setFixedTime(new Date('2025-12-01T10:00:00Z'));
    const organizationUrl = await signUpWithOrganization(page, sheaf.url, {
      name: 'Frances Allen',
      email: 'frances@example.org',
      password: 'correct horse battery',
    });

    await page.goto(`${organizationUrl}/settings/usage`);
    await page.getByRole('button', { name: 'Upgrade plan' }).click();

    await expect(priceOf(page, 'plus')).toHaveText('$3.75');
    await expect(page.getByRole('dialog').locator('s').first()).toContainText('$7.50');
    await context.close();
  });

  test('checkout success counts down to the app; checkout cancel says nothing was charged', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const sheaf = sheafServer();
    const { context, page } = await openPage(browser, sheaf.url);
    const organizationUrl = await signUpWithOrganization(page, sheaf.url, {
      name: 'Annie Easley',
      email: 'annie@example.org',
      password: 'correct horse battery',
    });
    // The organization layout has shown: it is remembered as the last one, where / leads.
    await expect(page.getByRole('navigation', { name: 'Organization', exact: true })).toBeVisible();

    await page.goto('/checkout-success?sessionId=x');
    await expect(page.getByRole('heading', { name: 'Thank you, your plan is upgraded' })).toBeVisible();
    await expect(page.getByTestId('checkout-countdown')).toHaveText(/in [45] seconds/);
    await expectNoSeriousAxeViolations(page);
    await expect(page).toHaveURL(organizationUrl, { timeout: 10_000 });

    await page.goto('/checkout-success');
    await expect(page).toHaveURL(organizationUrl);

    await page.goto('/checkout-cancel');
    await expect(page.getByRole('heading', { name: 'Checkout cancelled' })).toBeVisible();
    await expect(page.getByText(/No charges were made/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', /^mailto:/);
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('link', { name: 'Back to Sheaf' }).click();
    await expect(page).toHaveURL(organizationUrl);
    await context.close();
  });

  test('the storage banner shows at 80 % and stays hidden for 24 hours after it is dismissed', async ({
    browser,
  }) => {
    test.setTimeout(60_000);
    const sheaf = sheafServer();
    const { context, page } = await openPage(browser, sheaf.url);
    const start = new Date('2026-03-02T08:00:00Z');
    await page.clock.setFixedTime(start);
    const organizationUrl = await signUpWithOrganization(page, sheaf.url, {
      name: 'Mary Jackson',
      email: 'mary@example.org',
      password: 'correct horse battery',
    });
    // 80 % of the free plan's 500 MB, documents and trash together (uploading 400 MB would add nothing).
    await context.route('**/api/organizations/*/usage', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.usage.documentsStorage.used = 350_000_000;
      body.usage.documentsStorage.deleted = 50_000_000;
      await route.fulfill({ response, json: body });
    });

    await page.goto(organizationUrl);
    const banner = page.getByRole('region', { name: 'Storage warning' });
    await expect(banner).toBeVisible();
    await expect(banner.getByText('Storage is 80% full')).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await banner.getByRole('button', { name: 'Dismiss for 24 hours' }).click();
    await expect(banner).toBeHidden();

    await page.clock.setFixedTime(new Date(start.getTime() + 23 * 3_600_000));
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Organization', exact: true })).toBeVisible();
    await expect(page.getByRole('complementary').getByRole('button', { name: 'Upgrade plan' })).toBeVisible();
    await expect(banner).toBeHidden();

    await page.clock.setFixedTime(new Date(start.getTime() + 24 * 3_600_000 + 60_000));
    await page.reload();
    await expect(banner).toBeVisible();
    await context.close();
  });

  test('a paid subscription shows in organization settings, and Manage subscription opens the portal', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const sheaf = sheafServer();
    const { context, page } = await openPage(browser, sheaf.url);
    await fakeStripePages(context);
    const organizationUrl = await signUpWithOrganization(page, sheaf.url, {
      name: 'Dorothy Vaughan',
      email: 'dorothy@example.org',
      password: 'correct horse battery',
    });
    const organizationId = organizationIdOf(organizationUrl);

    // A checkout, then Stripe's subscription.created event for it.
    await page.goto(`${organizationUrl}/settings`);
    await expect(page.getByRole('heading', { name: 'Subscription' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Upgrade plan' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Upgrade to Plus' }).click();
    await expect(page).toHaveURL(/checkout\.stripe\.test/);
    const checkout = standIn().requests.findLast(
      ({ path: requestPath, form }) =>
        requestPath === '/v1/checkout/sessions' && form.client_reference_id === organizationId,
    );
    const customer = checkout?.form.customer ?? 'cus_e2e';
    const subscription = standIn().setSubscription({
      id: `sub_${organizationId}`,
      customer,
      organizationId,
      priceId: 'price_plus_annual',
      currentPeriodEnd: Math.floor(Date.parse('2027-01-15T12:00:00Z') / 1000),
    });
    const { payload, signature } = signedStripeEvent({
      id: `evt_${organizationId}`,
      type: 'customer.subscription.created',
      object: subscription,
      created: Math.floor(Date.now() / 1000),
      secret: WEBHOOK_SECRET,
    });
    const delivered = await page.request.post(`${sheaf.url}/api/stripe/webhook`, {
      data: payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(delivered.ok()).toBe(true);

    await page.goto(`${organizationUrl}/settings`);
    const section = page.locator('div.rounded-xl', {
      has: page.getByRole('heading', { name: 'Subscription' }),
    });
    await expect(section.getByText('Plus')).toBeVisible();
    await expect(section.getByText('Annually')).toBeVisible();
    await expect(section.getByText('Jan 15, 2027')).toBeVisible();
    await expect(page.getByRole('complementary').getByRole('button', { name: 'Upgrade plan' })).toHaveCount(
      0,
    );
    await expectNoSeriousAxeViolations(page);

    const manage = section.getByRole('button', { name: 'Manage subscription' });
    const popupPromise = page.waitForEvent('popup');
    await manage.click();
    await expect(manage).toBeDisabled();
    const popup = await popupPromise;
    await expect(popup).toHaveURL(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    await expect(manage).toBeEnabled();
    await context.close();
  });
});

test.describe('with subscriptions disabled (the default)', () => {
  const sheafServer = useSheafServer({ AUTH_IS_EMAIL_VERIFICATION_REQUIRED: 'false' });

  test('nothing of billing or analytics is shown or loaded', async ({ browser }) => {
    const manifest = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, '../../apps/web/dist/.vite/manifest.json'), 'utf8'),
    ) as Record<string, { file: string }>;
    const posthogChunk = Object.entries(manifest).find(([key]) => key.includes('posthog-js'))?.[1].file ?? '';
    expect(posthogChunk).not.toBe('');
    const sheaf = sheafServer();
    const { context, page } = await openPage(browser, sheaf.url);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const organizationUrl = await signUpWithOrganization(page, sheaf.url, {
      name: 'Katherine Johnson',
      email: 'katherine@example.org',
      password: 'correct horse battery',
    });

    await expect(page.getByRole('navigation', { name: 'Organization', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Upgrade plan' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Storage warning' })).toHaveCount(0);
    await page.goto(`${organizationUrl}/settings`);
    await expect(page.getByRole('heading', { name: 'Delete organization' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Subscription' })).toHaveCount(0);
    await page.goto('/checkout-success?sessionId=x');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.goto('/checkout-cancel');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

    expect(requested.filter((url) => url.includes(posthogChunk) || /posthog/i.test(url))).toEqual([]);
    const billingRequests = requested.filter((url) =>
      /\/(usage|checkout-session|customer-portal)$/.test(new URL(url).pathname),
    );
    expect(billingRequests).toEqual([]);
    await context.close();
  });
});
