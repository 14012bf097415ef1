import type { Dialect } from '../../db/database';
import type { AuthBoolean, AuthDate, DatabaseOrTransaction, Timestamp } from '../../db/database.types';

/** better-auth's trusted-device records: `trust-device-<random>` → the user's id. */
const TRUSTED_DEVICE_IDENTIFIER = 'trust-device-%';
/** better-auth's account row that holds the password hash. */
const CREDENTIAL_PROVIDER_ID = 'credential';

/** The queries of the server administrator's commands (`npm run admin`). */
export function createAccountAdminRepository({
  db,
  dialect,
}: {
  db: DatabaseOrTransaction;
  dialect: Dialect;
}) {
  // better-auth's tables keep real dates and booleans on PostgreSQL, ISO text and 0/1 on SQLite.
  const toAuthDate = (date: Date): AuthDate => (dialect === 'postgres' ? date : date.toISOString());
  const toAuthBoolean = (value: boolean): AuthBoolean => (dialect === 'postgres' ? value : value ? 1 : 0);

  return {
    /** The account whose address is `normalizedEmail` (already trimmed and lower-cased). */
    async findUserByEmail({ normalizedEmail }: { normalizedEmail: string }) {
      return db
        .selectFrom('users')
        .select(['id', 'email', 'name', 'two_factor_enabled', 'disabled_at'])
        .where((eb) => eb(eb.fn('lower', ['email']), '=', normalizedEmail))
        .orderBy('created_at')
        .executeTakeFirst();
    },

    async listUsers() {
      return db
        .selectFrom('users')
        .select((eb) => [
          'users.id',
          'users.email',
          'users.name',
          'users.created_at',
          'users.two_factor_enabled',
          'users.disabled_at',
          eb
            .selectFrom('auth_passkeys')
            .select((inner) => inner.fn.countAll<number | string>().as('count'))
            .whereRef('auth_passkeys.user_id', '=', 'users.id')
            .as('passkeysCount'),
          eb
            .exists(
              eb
                .selectFrom('auth_accounts')
                .select('auth_accounts.id')
                .whereRef('auth_accounts.user_id', '=', 'users.id')
                .where('auth_accounts.provider_id', '=', CREDENTIAL_PROVIDER_ID)
                .where('auth_accounts.password', 'is not', null),
            )
            .as('hasPassword'),
        ])
        .orderBy('users.created_at')
        .orderBy('users.id')
        .execute();
    },

    async setTwoFactorEnabled({ userId, enabled, now }: { userId: string; enabled: boolean; now: Date }) {
      await db
        .updateTable('users')
        .set({ two_factor_enabled: toAuthBoolean(enabled), updated_at: toAuthDate(now) })
        .where('id', '=', userId)
        .execute();
    },

    /** Forgets the TOTP secret and backup codes; answers how many rows went (0 or 1). */
    async deleteTwoFactor({ userId }: { userId: string }) {
      const result = await db.deleteFrom('auth_two_factors').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteTrustedDevices({ userId }: { userId: string }) {
      const result = await db
        .deleteFrom('auth_verifications')
        .where('identifier', 'like', TRUSTED_DEVICE_IDENTIFIER)
        .where('value', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deletePasskeys({ userId }: { userId: string }) {
      const result = await db.deleteFrom('auth_passkeys').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async deleteSessions({ userId }: { userId: string }) {
      const result = await db.deleteFrom('auth_sessions').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async findCredentialAccount({ userId }: { userId: string }) {
      return db
        .selectFrom('auth_accounts')
        .select('id')
        .where('user_id', '=', userId)
        .where('provider_id', '=', CREDENTIAL_PROVIDER_ID)
        .executeTakeFirst();
    },

    async updateCredentialPassword({
      accountId,
      passwordHash,
      now,
    }: {
      accountId: string;
      passwordHash: string;
      now: Date;
    }) {
      await db
        .updateTable('auth_accounts')
        .set({ password: passwordHash, updated_at: toAuthDate(now) })
        .where('id', '=', accountId)
        .execute();
    },

    /** The row better-auth's e-mail sign-in looks for: provider `credential`, account id = user id. */
    async insertCredentialAccount({
      accountId,
      userId,
      passwordHash,
      now,
    }: {
      accountId: string;
      userId: string;
      passwordHash: string;
      now: Date;
    }) {
      await db
        .insertInto('auth_accounts')
        .values({
          id: accountId,
          account_id: userId,
          provider_id: CREDENTIAL_PROVIDER_ID,
          user_id: userId,
          access_token: null,
          refresh_token: null,
          id_token: null,
          access_token_expires_at: null,
          refresh_token_expires_at: null,
          scope: null,
          password: passwordHash,
          created_at: toAuthDate(now),
          updated_at: toAuthDate(now),
        })
        .execute();
    },

    async setDisabledAt({
      userId,
      disabledAt,
      now,
    }: {
      userId: string;
      disabledAt: Timestamp | null;
      now: Date;
    }) {
      await db
        .updateTable('users')
        .set({ disabled_at: disabledAt, updated_at: toAuthDate(now) })
        .where('id', '=', userId)
        .execute();
    },
  };
}
