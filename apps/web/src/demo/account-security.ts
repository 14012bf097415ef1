import { type AccountSecurityDto, accountSecurityEndpoints } from '@sheaf/contracts/account-security';
import { type DemoContext, nowIso } from './context';
import { handle, json, notInDemo } from './http';

/**
 * The account's second factors in the demo: none, a password, and a sign-in that is always fresh
 * (the demo user never signed in). The cards show; setting a factor up, and the code and passkey
 * steps of a sign-in, answer `demo.not_available`.
 */
export const accountSecurityRoutes = (context: DemoContext) => [
  handle(accountSecurityEndpoints.getSecurity, () => {
    const security: AccountSecurityDto = {
      twoFactorEnabled: false,
      passkeys: [],
      hasPassword: true,
      signedInAt: nowIso(context),
      isSignInFresh: true,
    };
    return json({ security });
  }),
  notInDemo(accountSecurityEndpoints.enableTwoFactor),
  notInDemo(accountSecurityEndpoints.verifyTotp),
  notInDemo(accountSecurityEndpoints.verifyBackupCode),
  notInDemo(accountSecurityEndpoints.disableTwoFactor),
  notInDemo(accountSecurityEndpoints.generateBackupCodes),
  notInDemo(accountSecurityEndpoints.passkeyRegistrationOptions),
  notInDemo(accountSecurityEndpoints.verifyPasskeyRegistration),
  notInDemo(accountSecurityEndpoints.passkeyAuthenticationOptions),
  notInDemo(accountSecurityEndpoints.verifyPasskeyAuthentication),
  notInDemo(accountSecurityEndpoints.updatePasskey),
  notInDemo(accountSecurityEndpoints.deletePasskey),
];
