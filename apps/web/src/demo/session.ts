import type { UserDto } from '@sheaf/contracts/users';
import { updateUserSchema } from '@sheaf/contracts/users';
import { currentUser, type DemoContext, nowIso } from './context';
import { json, notAvailableInDemo, parseJsonBody, route } from './http';

const SESSION_ID = 'ses_demo0000000000000000000000';

/** The demo user as better-auth's get-session answers it: always signed in (spec §1). */
function authSession(context: DemoContext) {
  const user = currentUser(context);
  const createdAt = user.createdAt;
  const expiresAt = new Date(context.now().getTime() + 30 * 24 * 3600 * 1000).toISOString();
  return {
    session: {
      id: SESSION_ID,
      userId: user.id,
      token: 'demo',
      expiresAt,
      createdAt,
      updatedAt: nowIso(context),
      ipAddress: null,
      userAgent: typeof navigator === 'undefined' ? null : navigator.userAgent,
    },
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: true,
      image: null,
      locale: null,
      createdAt,
      updatedAt: createdAt,
    },
  };
}

function userDto(context: DemoContext): UserDto {
  const user = currentUser(context);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    emailVerified: true,
    locale: null,
    roles: [],
    createdAt: user.createdAt,
    updatedAt: user.createdAt,
  };
}

/** better-auth's routes the app calls, and /api/users/me. Changing credentials is not in the demo. */
export const sessionRoutes = (context: DemoContext) => [
  route('GET', '/api/auth/get-session', () => json(authSession(context))),
  // Signing out leaves the demo user signed in: the demo has no sign-in page to go back from.
  route('POST', '/api/auth/sign-out', () => json({ success: true })),
  route('GET', '/api/auth/list-sessions', () => json([authSession(context).session])),
  route('GET', '/api/auth/list-accounts', () => {
    const user = currentUser(context);
    return json([
      {
        id: 'acc_demo0000000000000000000000',
        providerId: 'credential',
        accountId: user.id,
        userId: user.id,
        scopes: [],
        createdAt: user.createdAt,
        updatedAt: user.createdAt,
      },
    ]);
  }),
  route('GET', '/api/users/me', () => json({ user: userDto(context) })),
  route('PUT', '/api/users/me', (request) => {
    const { name } = parseJsonBody(request, updateUserSchema);
    // The demo sends no e-mails: only the name is kept.
    if (name !== undefined) currentUser(context).name = name;
    return json({ user: userDto(context) });
  }),
  ...[
    'sign-in/email',
    'sign-up/email',
    'sign-in/social',
    'change-password',
    'delete-user',
    'revoke-sessions',
    'revoke-other-sessions',
    'request-password-reset',
    'reset-password',
    'send-verification-email',
    'update-user',
  ].map((path) =>
    route('POST', `/api/auth/${path}`, () => {
      throw notAvailableInDemo();
    }),
  ),
];
