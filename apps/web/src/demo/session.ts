import {
  type AuthAccountDto,
  type AuthSessionDto,
  authEndpoints,
  type CurrentSessionDto,
} from '@sheaf/contracts/auth';
import { type UserDto, updateUserSchema, usersEndpoints } from '@sheaf/contracts/users';
import { currentUser, type DemoContext, nowIso } from './context';
import { handle, json, notInDemo, parseJsonBody } from './http';

const SESSION_ID = 'ses_demo0000000000000000000000';

/** The demo user as better-auth's get-session answers it: always signed in (spec §1). */
function authSession(context: DemoContext): NonNullable<CurrentSessionDto> {
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
      twoFactorEnabled: false,
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
  handle(authEndpoints.getSession, () => json(authSession(context))),
  // Signing out leaves the demo user signed in: the demo has no sign-in page to go back from.
  handle(authEndpoints.signOut, () => json({ success: true })),
  handle(authEndpoints.listSessions, () => {
    const sessions: AuthSessionDto[] = [authSession(context).session];
    return json(sessions);
  }),
  handle(authEndpoints.listAccounts, () => {
    const user = currentUser(context);
    const accounts: AuthAccountDto[] = [
      {
        id: 'acc_demo0000000000000000000000',
        providerId: 'credential',
        accountId: user.id,
        userId: user.id,
        scopes: [],
        createdAt: user.createdAt,
        updatedAt: user.createdAt,
      },
    ];
    return json(accounts);
  }),
  handle(usersEndpoints.getMe, () => json({ user: userDto(context) })),
  handle(usersEndpoints.updateMe, (request) => {
    const { name } = parseJsonBody(request, updateUserSchema);
    // The demo sends no e-mails: only the name is kept.
    if (name !== undefined) currentUser(context).name = name;
    return json({ user: userDto(context) });
  }),
  // The demo's account is made up: nothing of it to keep.
  notInDemo(usersEndpoints.getMyData),
  notInDemo(authEndpoints.signUpEmail),
  notInDemo(authEndpoints.signInEmail),
  notInDemo(authEndpoints.signInSocial),
  notInDemo(authEndpoints.revokeSessions),
  notInDemo(authEndpoints.revokeOtherSessions),
  notInDemo(authEndpoints.linkSocial),
  notInDemo(authEndpoints.unlinkAccount),
  notInDemo(authEndpoints.changePassword),
  notInDemo(authEndpoints.deleteUser),
  notInDemo(authEndpoints.updateUser),
  notInDemo(authEndpoints.requestPasswordReset),
  notInDemo(authEndpoints.resetPassword),
  notInDemo(authEndpoints.sendVerificationEmail),
];
