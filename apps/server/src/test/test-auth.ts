import type { Hono } from 'hono';
import type { JobQueue } from '../modules/jobs/jobs.queue';
import type { AppEnv } from '../shared/app.types';
import type { TestSmtpServer } from './test-smtp-server';

export const TEST_ORIGIN = 'http://localhost:8080';

type TestApp = Hono<AppEnv>;

/** Cookie header value from a response's Set-Cookie headers (name=value pairs only). */
export function cookiesFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .filter((pair): pair is string => !!pair && !pair.endsWith('='))
    .join('; ');
}

/** A request as the web app sends it: JSON body, the app's origin, a client address. */
export function authRequest(
  app: TestApp,
  path: string,
  {
    method = 'POST',
    body,
    cookie,
    origin = TEST_ORIGIN,
    ip = '198.51.100.1',
    forwardedFor,
  }: {
    method?: string;
    body?: unknown;
    cookie?: string;
    origin?: string;
    ip?: string;
    /** An X-Forwarded-For header, as a reverse proxy (or a client) sends it. */
    forwardedFor?: string;
  } = {},
) {
  const headers: Record<string, string> = { origin };
  if (forwardedFor) headers['x-forwarded-for'] = forwardedFor;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (cookie) headers.cookie = cookie;
  return app.request(
    path,
    { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) },
    // What @hono/node-server passes: the client socket, read for rate limiting.
    { incoming: { socket: { remoteAddress: ip, remotePort: 40000, remoteFamily: 'IPv4' } } },
  );
}

/** Runs the queued e-mail jobs and returns the links of the messages sent to `to`, newest last. */
export async function deliverEmailsAndGetLinks({
  jobQueue,
  smtp,
  to,
}: {
  jobQueue: JobQueue;
  smtp: TestSmtpServer;
  to: string;
}): Promise<string[]> {
  await jobQueue.runDueJobs();
  return smtp.received
    .filter((message) => message.envelope.to.includes(to))
    .flatMap((message) => message.parsed.text?.match(/https?:\/\/\S+/g) ?? []);
}

export function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

/** Signs a new user up, follows the verification link from the real e-mail, and signs in. */
export async function createVerifiedUser({
  app,
  jobQueue,
  smtp,
  email,
  password = 'correct horse battery',
  name = 'Ada Lovelace',
}: {
  app: TestApp;
  jobQueue: JobQueue;
  smtp: TestSmtpServer;
  email: string;
  password?: string;
  name?: string;
}) {
  const signUp = await authRequest(app, '/api/auth/sign-up/email', {
    body: { email, password, name, locale: 'fr' },
  });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const links = await deliverEmailsAndGetLinks({ jobQueue, smtp, to: email });
  const verificationLink = links.find((link) => link.includes('/api/auth/verify-email'));
  if (!verificationLink) throw new Error('no verification link received');
  await authRequest(app, pathOf(verificationLink), { method: 'GET' });
  const signIn = await authRequest(app, '/api/auth/sign-in/email', { body: { email, password } });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = cookiesFrom(signIn);
  const me = (await (await authRequest(app, '/api/users/me', { method: 'GET', cookie })).json()) as {
    user: { id: string };
  };
  return { cookie, userId: me.user.id, email, password };
}
