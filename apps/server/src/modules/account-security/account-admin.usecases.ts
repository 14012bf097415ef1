import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@sheaf/contracts/limits';
import { passwordSchema } from '@sheaf/contracts/users';
import { hashPassword } from 'better-auth/crypto';
import type { AppDatabase } from '../../db/database';
import type { Timestamp } from '../../db/database.types';
import { type Clock, toIsoTimestamp, toTimestamp } from '../../shared/clock';
import { generateId } from '../../shared/ids';
import { createAccountAdminRepository } from './account-admin.repository';

/** The account a command acted on, as stored (the address may differ in case from the one typed). */
export type AdminTargetUser = { id: string; email: string };

export type UserNotFound = { outcome: 'user_not_found'; email: string };

export type AdminUserSummary = {
  id: string;
  email: string;
  name: string;
  createdAt: Timestamp;
  twoFactorEnabled: boolean;
  passkeysCount: number;
  hasPassword: boolean;
  /** When the account was disabled; null while it is enabled. */
  disabledAt: Timestamp | null;
};

/** How the commands find an account: the address as typed, trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * What the person who runs the server can do to an account from the command line (`npm run
 * admin`): list accounts, turn a lost second factor off, remove passkeys, set a password, disable
 * and enable an account. Each change runs in one transaction and answers what it changed; an
 * address no account has answers `user_not_found`.
 */
export function createAccountAdminUsecases({ database, clock }: { database: AppDatabase; clock: Clock }) {
  const { db, dialect } = database;
  const repository = createAccountAdminRepository({ db, dialect });

  /** Runs `work` in a transaction with the account of `email`, or answers that there is none. */
  async function withUser<Result>(
    email: string,
    work: (context: {
      user: NonNullable<Awaited<ReturnType<typeof repository.findUserByEmail>>>;
      repository: ReturnType<typeof createAccountAdminRepository>;
    }) => Promise<Result>,
  ): Promise<Result | UserNotFound> {
    return db.transaction().execute(async (trx) => {
      const inTransaction = createAccountAdminRepository({ db: trx, dialect });
      const user = await inTransaction.findUserByEmail({ normalizedEmail: normalizeEmail(email) });
      if (!user) return { outcome: 'user_not_found', email: email.trim() } as const;
      return work({ user, repository: inTransaction });
    });
  }

  return {
    async listUsers(): Promise<AdminUserSummary[]> {
      const rows = await repository.listUsers();
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        name: row.name,
        createdAt: toIsoTimestamp(row.created_at),
        twoFactorEnabled: Boolean(row.two_factor_enabled),
        passkeysCount: Number(row.passkeysCount ?? 0),
        hasPassword: Boolean(row.hasPassword),
        disabledAt: row.disabled_at,
      }));
    },

    /** The account of `email`, to check it exists before asking for anything else. */
    async findUser({ email }: { email: string }): Promise<AdminTargetUser | undefined> {
      const user = await repository.findUserByEmail({ normalizedEmail: normalizeEmail(email) });
      return user ? { id: user.id, email: user.email } : undefined;
    },

    /**
     * For a user who lost their authenticator and backup codes: two-factor sign-in off, the TOTP
     * secret and backup codes forgotten, and the devices trusted to skip the code forgotten too
     * (they would matter again once two-factor sign-in is turned back on).
     */
    async disableTwoFactor({ email }: { email: string }) {
      return withUser(email, async ({ user, repository }) => {
        const wasEnabled = Boolean(user.two_factor_enabled);
        if (wasEnabled)
          await repository.setTwoFactorEnabled({ userId: user.id, enabled: false, now: clock.now() });
        const secretsRemoved = await repository.deleteTwoFactor({ userId: user.id });
        const trustedDevicesForgotten = await repository.deleteTrustedDevices({ userId: user.id });
        return {
          outcome: 'two_factor_disabled',
          user: { id: user.id, email: user.email },
          wasEnabled,
          secretsRemoved: secretsRemoved > 0,
          trustedDevicesForgotten,
        } as const;
      });
    },

    async removePasskeys({ email }: { email: string }) {
      return withUser(email, async ({ user, repository }) => {
        const passkeysRemoved = await repository.deletePasskeys({ userId: user.id });
        return {
          outcome: 'passkeys_removed',
          user: { id: user.id, email: user.email },
          passkeysRemoved,
        } as const;
      });
    },

    /**
     * Sets the account's password (creating its password sign-in if it had none), hashed by
     * better-auth's own hasher so its e-mail sign-in accepts it; the account's sessions and trusted
     * devices end, as after a password reset.
     */
    async setPassword({ email, password }: { email: string; password: string }) {
      if (!passwordSchema.safeParse(password).success) {
        return {
          outcome: 'invalid_password',
          message: `The password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long.`,
        } as const;
      }
      // Hashed before the transaction: scrypt takes a while, and SQLite would be write-locked meanwhile.
      const passwordHash = await hashPassword(password);
      return withUser(email, async ({ user, repository }) => {
        const now = clock.now();
        const account = await repository.findCredentialAccount({ userId: user.id });
        if (account) await repository.updateCredentialPassword({ accountId: account.id, passwordHash, now });
        else
          await repository.insertCredentialAccount({
            accountId: generateId('acc'),
            userId: user.id,
            passwordHash,
            now,
          });
        const sessionsEnded = await repository.deleteSessions({ userId: user.id });
        const trustedDevicesForgotten = await repository.deleteTrustedDevices({ userId: user.id });
        return {
          outcome: 'password_set',
          user: { id: user.id, email: user.email },
          createdPasswordSignIn: !account,
          sessionsEnded,
          trustedDevicesForgotten,
        } as const;
      });
    },

    /**
     * Disables the account: it can no longer sign in, and its sessions end in the same transaction
     * (its API keys stop because the key check reads `disabled_at`). Disabling a disabled account
     * keeps its first date and ends any session left.
     */
    async disable({ email }: { email: string }) {
      return withUser(email, async ({ user, repository }) => {
        const now = clock.now();
        const alreadyDisabled = user.disabled_at !== null;
        const disabledAt = user.disabled_at ?? toTimestamp(now);
        if (!alreadyDisabled) await repository.setDisabledAt({ userId: user.id, disabledAt, now });
        const sessionsEnded = await repository.deleteSessions({ userId: user.id });
        return {
          outcome: 'disabled',
          user: { id: user.id, email: user.email },
          alreadyDisabled,
          disabledAt,
          sessionsEnded,
        } as const;
      });
    },

    async enable({ email }: { email: string }) {
      return withUser(email, async ({ user, repository }) => {
        const wasDisabled = user.disabled_at !== null;
        if (wasDisabled)
          await repository.setDisabledAt({ userId: user.id, disabledAt: null, now: clock.now() });
        return { outcome: 'enabled', user: { id: user.id, email: user.email }, wasDisabled } as const;
      });
    },
  };
}

export type AccountAdminUsecases = ReturnType<typeof createAccountAdminUsecases>;
