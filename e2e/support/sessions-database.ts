import { createDatabase } from '../../apps/server/src/db/database';

/**
 * Moves the start of every session of the account back by `seconds`, in the SQLite file of a
 * running Sheaf server (DATABASE_URL=file:…): the way to make a sign-in "not fresh" without waiting
 * ten minutes (FRESH_SIGN_IN_SECONDS is a constant of the contracts, not a setting). The dates are
 * written in the format the row already has.
 */
export async function backdateSessions(databaseFile: string, email: string, seconds: number) {
  const { db, destroy } = createDatabase({ dialect: 'sqlite', filename: databaseFile });
  try {
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const sessions = await db
      .selectFrom('auth_sessions')
      .select(['id', 'created_at'])
      .where('user_id', '=', user.id)
      .execute();
    if (sessions.length === 0) throw new Error(`${email} has no session to backdate`);
    for (const session of sessions) {
      const startedAt = new Date(session.created_at);
      const earlier = new Date(startedAt.getTime() - seconds * 1000);
      const stored = typeof session.created_at === 'string' ? earlier.toISOString() : earlier;
      await db
        .updateTable('auth_sessions')
        .set({ created_at: stored })
        .where('id', '=', session.id)
        .execute();
    }
  } finally {
    await destroy();
  }
}
