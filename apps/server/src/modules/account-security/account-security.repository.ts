import type { DatabaseOrTransaction, Timestamp } from '../../db/database.types';
import { generateId } from '../../shared/ids';

/** better-auth's trusted-device records: `trust-device-<random>` → the user's id. */
const TRUSTED_DEVICE_IDENTIFIER = 'trust-device-%';

export function createAccountSecurityRepository({ db }: { db: DatabaseOrTransaction }) {
  return {
    async countTwoFactorFailuresSince({ userId, since }: { userId: string; since: Timestamp }) {
      const row = await db
        .selectFrom('two_factor_failures')
        .select((eb) => [eb.fn.countAll<number | string>().as('count'), eb.fn.min('failed_at').as('oldest')])
        .where('user_id', '=', userId)
        .where('failed_at', '>', since)
        .executeTakeFirst();
      return {
        count: Number(row?.count ?? 0),
        oldest: (row?.oldest as Timestamp | null | undefined) ?? null,
      };
    },

    /** Records a wrong code, and forgets the ones older than the window (`before`). */
    async recordTwoFactorFailure({
      userId,
      at,
      before,
    }: {
      userId: string;
      at: Timestamp;
      before: Timestamp;
    }) {
      await db
        .deleteFrom('two_factor_failures')
        .where('user_id', '=', userId)
        .where('failed_at', '<=', before)
        .execute();
      await db
        .insertInto('two_factor_failures')
        .values({ id: generateId('tff'), user_id: userId, failed_at: at })
        .execute();
    },

    async findTwoFactorSecret({ userId }: { userId: string }) {
      return db
        .selectFrom('auth_two_factors')
        .select(['secret', 'last_accepted_step'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /**
     * Takes a TOTP time step for the user, atomically: false when this step or a later one was
     * already accepted (a replayed code, or two requests racing with the same code).
     */
    async claimTotpStep({ userId, step }: { userId: string; step: number }) {
      const result = await db
        .updateTable('auth_two_factors')
        .set({ last_accepted_step: step })
        .where('user_id', '=', userId)
        .where((eb) => eb.or([eb('last_accepted_step', 'is', null), eb('last_accepted_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteTrustedDevices({ userId }: { userId: string }) {
      const result = await db
        .deleteFrom('auth_verifications')
        .where('identifier', 'like', TRUSTED_DEVICE_IDENTIFIER)
        .where('value', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Whether the account had signed in from any device before, and whether from this one. */
    async noteKnownDevice({
      userId,
      fingerprint,
      now,
    }: {
      userId: string;
      fingerprint: string;
      now: Timestamp;
    }) {
      const known = await db
        .selectFrom('user_known_devices')
        .select(['fingerprint'])
        .where('user_id', '=', userId)
        .limit(2)
        .execute();
      const seen = known.some((row) => row.fingerprint === fingerprint);
      if (seen) {
        await db
          .updateTable('user_known_devices')
          .set({ last_seen_at: now })
          .where('user_id', '=', userId)
          .where('fingerprint', '=', fingerprint)
          .execute();
        return 'known' as const;
      }
      const inserted = await db
        .insertInto('user_known_devices')
        .values({ user_id: userId, fingerprint, first_seen_at: now, last_seen_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'fingerprint']).doNothing())
        .executeTakeFirst();
      // A concurrent sign-in from the same device inserted it first: one e-mail is enough.
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return 'known' as const;
      return known.length === 0 ? ('first' as const) : ('new' as const);
    },

    async findUser({ userId }: { userId: string }) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'name', 'locale', 'two_factor_enabled', 'disabled_at'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    async hasPassword({ userId }: { userId: string }) {
      const row = await db
        .selectFrom('auth_accounts')
        .select('id')
        .where('user_id', '=', userId)
        .where('provider_id', '=', 'credential')
        .where('password', 'is not', null)
        .executeTakeFirst();
      return row !== undefined;
    },

    async listPasskeys({ userId }: { userId: string }) {
      return db
        .selectFrom('auth_passkeys')
        .select(['id', 'name', 'device_type', 'backed_up', 'created_at', 'last_used_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** TOTP confirmed and whether any passkey exists, in one query (the policy's guard asks it per request). */
    async findSecondFactors({ userId }: { userId: string }) {
      return db
        .selectFrom('users')
        .select((eb) => [
          'users.two_factor_enabled',
          eb
            .exists(
              eb
                .selectFrom('auth_passkeys')
                .select('auth_passkeys.id')
                .whereRef('auth_passkeys.user_id', '=', 'users.id'),
            )
            .as('has_passkey'),
        ])
        .where('users.id', '=', userId)
        .executeTakeFirst();
    },

    async touchPasskey({ credentialId, now }: { credentialId: string; now: Timestamp }) {
      await db
        .updateTable('auth_passkeys')
        .set({ last_used_at: now })
        .where('credential_id', '=', credentialId)
        .execute();
    },
  };
}

export type AccountSecurityRepository = ReturnType<typeof createAccountSecurityRepository>;
