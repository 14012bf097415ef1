import {
  type AccountSecurityDto,
  FRESH_SIGN_IN_SECONDS,
  hasSecondFactor,
  TWO_FACTOR_FAILURE_WINDOW_SECONDS,
  TWO_FACTOR_MAX_FAILURES,
} from '@sheaf/contracts/account-security';
import { describeUserAgent } from '@sheaf/contracts/user-agent';
import type { AppDatabase } from '../../db/database';
import { addMilliseconds, type Clock, toIsoTimestamp, toTimestamp } from '../../shared/clock';
import type { Logger } from '../../shared/logger';
import type { SecurityNotice } from '../emails/emails.models';
import type { EmailsService } from '../emails/emails.service';
import { coarseAddress, deviceFingerprint } from './account-security.devices';
import { createAccountSecurityRepository } from './account-security.repository';

/** The request a change came from, for the e-mail's "from which device". */
export type RequestOrigin = { userAgent?: string | null; address?: string | null };

/** The e-mail's device: browser and OS families (named in the recipient's language) and the coarse address. */
function deviceOf(origin: RequestOrigin) {
  const { browser, os } = describeUserAgent(origin.userAgent);
  return { browser: browser ?? '', os, address: coarseAddress(origin.address) };
}

const WINDOW_MS = TWO_FACTOR_FAILURE_WINDOW_SECONDS * 1000;

/**
 * Second factors beside better-auth's plugins: the per-account budget of wrong codes (in the
 * database, so every process shares it), TOTP replay protection, trusted devices, the devices an
 * account signed in from, security e-mails, and whether a user has a second factor at all.
 */
export function createAccountSecurityUsecases({
  database,
  clock,
  emails,
  logger,
}: {
  database: AppDatabase;
  clock: Clock;
  emails: Pick<EmailsService, 'sendSecurityNotice'>;
  logger: Logger;
}) {
  const repository = createAccountSecurityRepository({ db: database.db });

  const sendNotice = async (
    userId: string,
    notice: SecurityNotice,
    { origin, passkeyName }: { origin?: RequestOrigin; passkeyName?: string | null } = {},
  ) => {
    const user = await repository.findUser({ userId });
    if (!user) return;
    try {
      await emails.sendSecurityNotice({
        to: user.email,
        name: user.name,
        locale: user.locale,
        notice,
        at: toTimestamp(clock.now()),
        ...(origin ? { device: deviceOf(origin) } : {}),
        ...(passkeyName !== undefined ? { passkeyName } : {}),
      });
    } catch (error) {
      // The change itself is done; a mail that could not be queued must not undo or fail it.
      logger.error({ err: error, userId, notice }, 'Security e-mail could not be queued');
    }
  };

  /** Whether a session that signed in at `signedInAt` may confirm a change without a password. */
  const isSignInFresh = ({ signedInAt }: { signedInAt: Date | string }) =>
    clock.now().getTime() - Date.parse(toIsoTimestamp(signedInAt)) <= FRESH_SIGN_IN_SECONDS * 1000;

  return {
    /** Seconds until the next code may be tried, or 0 when the account is within its budget. */
    async secondsUntilNextTwoFactorAttempt({ userId }: { userId: string }) {
      const now = clock.now();
      const { count, oldest } = await repository.countTwoFactorFailuresSince({
        userId,
        since: toTimestamp(addMilliseconds(now, -WINDOW_MS)),
      });
      if (count < TWO_FACTOR_MAX_FAILURES || !oldest) return 0;
      const freeAt = Date.parse(oldest) + WINDOW_MS;
      return Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
    },

    async recordTwoFactorFailure({ userId }: { userId: string }) {
      const now = clock.now();
      await repository.recordTwoFactorFailure({
        userId,
        at: toTimestamp(now),
        before: toTimestamp(addMilliseconds(now, -WINDOW_MS)),
      });
    },

    findTwoFactorSecret: ({ userId }: { userId: string }) => repository.findTwoFactorSecret({ userId }),
    claimTotpStep: (input: { userId: string; step: number }) => repository.claimTotpStep(input),

    /** Disabling 2FA, a new password, "sign out everywhere": no browser skips the code step any more. */
    forgetTrustedDevices: ({ userId }: { userId: string }) => repository.deleteTrustedDevices({ userId }),

    /** After a session starts: a device this account never signed in from gets an e-mail (not the very first). */
    async noteSignIn({ userId, origin }: { userId: string; origin: RequestOrigin }) {
      const seen = await repository.noteKnownDevice({
        userId,
        fingerprint: deviceFingerprint(origin.userAgent, origin.address),
        now: toTimestamp(clock.now()),
      });
      if (seen === 'new') await sendNotice(userId, 'new_sign_in', { origin });
    },

    sendNotice,

    async isDisabled({ userId }: { userId: string }) {
      const user = await repository.findUser({ userId });
      return Boolean(user?.disabled_at);
    },

    hasPassword: ({ userId }: { userId: string }) => repository.hasPassword({ userId }),

    /** TOTP confirmed, or any passkey: what an organization's policy asks for. */
    async hasSecondFactor({ userId }: { userId: string }) {
      const row = await repository.findSecondFactors({ userId });
      if (!row) return false;
      // EXISTS is 0/1 on SQLite, a boolean on PostgreSQL.
      return hasSecondFactor({
        twoFactorEnabled: Boolean(row.two_factor_enabled),
        passkeyCount: row.has_passkey ? 1 : 0,
      });
    },

    isSignInFresh,

    touchPasskey: ({ credentialId }: { credentialId: string }) =>
      repository.touchPasskey({ credentialId, now: toTimestamp(clock.now()) }),

    async getSecurity({
      userId,
      signedInAt,
    }: {
      userId: string;
      signedInAt: Date | string;
    }): Promise<AccountSecurityDto> {
      const [user, passkeys, hasPassword] = await Promise.all([
        repository.findUser({ userId }),
        repository.listPasskeys({ userId }),
        repository.hasPassword({ userId }),
      ]);
      return {
        twoFactorEnabled: Boolean(user?.two_factor_enabled),
        passkeys: passkeys.map((passkey) => ({
          id: passkey.id,
          name: passkey.name,
          deviceType: passkey.device_type,
          backedUp: Boolean(passkey.backed_up),
          createdAt: passkey.created_at === null ? null : toIsoTimestamp(passkey.created_at),
          lastUsedAt: passkey.last_used_at,
        })),
        hasPassword,
        signedInAt: toIsoTimestamp(signedInAt),
        isSignInFresh: isSignInFresh({ signedInAt }),
      };
    },
  };
}

export type AccountSecurityUsecases = ReturnType<typeof createAccountSecurityUsecases>;
