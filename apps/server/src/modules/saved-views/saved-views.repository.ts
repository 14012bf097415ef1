import type { Insertable, Updateable } from 'kysely';
import type { DatabaseOrTransaction, SavedViewsTable } from '../../db/database.types';
import type { SavedViewRow } from './saved-views.models';

type Viewer = { organizationId: string; userId: string };

/** The saved views module's queries (saved_views, the members' pins and defaults). */
export function createSavedViewsRepository({ db }: { db: DatabaseOrTransaction }) {
  /** The views a member sees, with the owner's name and the member's own pin and default. */
  const selectVisible = ({ organizationId, userId }: Viewer) =>
    db
      .selectFrom('saved_views')
      .leftJoin('users', 'users.id', 'saved_views.owner_id')
      .leftJoin('saved_view_pins', (join) =>
        join
          .onRef('saved_view_pins.saved_view_id', '=', 'saved_views.id')
          .on('saved_view_pins.user_id', '=', userId),
      )
      .leftJoin('saved_view_defaults', (join) =>
        join
          .onRef('saved_view_defaults.saved_view_id', '=', 'saved_views.id')
          .on('saved_view_defaults.user_id', '=', userId),
      )
      .selectAll('saved_views')
      .select([
        'users.name as owner_name',
        'saved_view_pins.created_at as pinned_at',
        'saved_view_defaults.user_id as default_of',
      ])
      .where('saved_views.organization_id', '=', organizationId)
      .where((eb) =>
        eb.or([
          eb('saved_views.visibility', '=', 'organization'),
          eb.and([eb('saved_views.visibility', '=', 'personal'), eb('saved_views.owner_id', '=', userId)]),
        ]),
      );

  return {
    async listVisible(viewer: Viewer): Promise<SavedViewRow[]> {
      return selectVisible(viewer).execute();
    },

    async findVisible(viewer: Viewer & { savedViewId: string }): Promise<SavedViewRow | undefined> {
      return selectVisible(viewer).where('saved_views.id', '=', viewer.savedViewId).executeTakeFirst();
    },

    /** A member's personal views (visibility personal), or the organization's shared ones (userId null). */
    async count({ organizationId, userId }: { organizationId: string; userId: string | null }) {
      let query = db
        .selectFrom('saved_views')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('organization_id', '=', organizationId);
      query =
        userId === null
          ? query.where('visibility', '=', 'organization')
          : query.where('visibility', '=', 'personal').where('owner_id', '=', userId);
      return Number((await query.executeTakeFirstOrThrow()).count);
    },

    async insert(row: Insertable<SavedViewsTable>) {
      await db.insertInto('saved_views').values(row).execute();
    },

    async update({
      organizationId,
      savedViewId,
      changes,
    }: {
      organizationId: string;
      savedViewId: string;
      changes: Updateable<SavedViewsTable>;
    }) {
      await db
        .updateTable('saved_views')
        .set(changes)
        .where('organization_id', '=', organizationId)
        .where('id', '=', savedViewId)
        .execute();
    },

    async delete({ organizationId, savedViewId }: { organizationId: string; savedViewId: string }) {
      await db
        .deleteFrom('saved_views')
        .where('organization_id', '=', organizationId)
        .where('id', '=', savedViewId)
        .execute();
    },

    async pin({ organizationId, userId, savedViewId, now }: Viewer & { savedViewId: string; now: string }) {
      await db
        .insertInto('saved_view_pins')
        .values({
          saved_view_id: savedViewId,
          user_id: userId,
          organization_id: organizationId,
          created_at: now,
        })
        .onConflict((conflict) => conflict.columns(['saved_view_id', 'user_id']).doNothing())
        .execute();
    },

    async unpin({ userId, savedViewId }: { userId: string; savedViewId: string }) {
      await db
        .deleteFrom('saved_view_pins')
        .where('saved_view_id', '=', savedViewId)
        .where('user_id', '=', userId)
        .execute();
    },

    /** Makes the view the member's default, replacing any other (one per member and organization). */
    async setDefault({ organizationId, userId, savedViewId }: Viewer & { savedViewId: string }) {
      await db
        .insertInto('saved_view_defaults')
        .values({ organization_id: organizationId, user_id: userId, saved_view_id: savedViewId })
        .onConflict((conflict) =>
          conflict.columns(['organization_id', 'user_id']).doUpdateSet({ saved_view_id: savedViewId }),
        )
        .execute();
    },

    async clearDefault({ organizationId, userId, savedViewId }: Viewer & { savedViewId: string }) {
      await db
        .deleteFrom('saved_view_defaults')
        .where('organization_id', '=', organizationId)
        .where('user_id', '=', userId)
        .where('saved_view_id', '=', savedViewId)
        .execute();
    },

    /** Other members' pins and defaults of a view they no longer see. */
    async removeOthersPreferences({ userId, savedViewId }: { userId: string; savedViewId: string }) {
      await db
        .deleteFrom('saved_view_pins')
        .where('saved_view_id', '=', savedViewId)
        .where('user_id', '!=', userId)
        .execute();
      await db
        .deleteFrom('saved_view_defaults')
        .where('saved_view_id', '=', savedViewId)
        .where('user_id', '!=', userId)
        .execute();
    },

    /**
     * Which of these tags exist in the organization, with their names. Read here (ids and names
     * only) rather than through the tags module, which would load every tag with its counts.
     */
    async findTags({ organizationId, tagIds }: { organizationId: string; tagIds: readonly string[] }) {
      if (tagIds.length === 0) return [];
      return db
        .selectFrom('tags')
        .select(['id', 'name'])
        .where('organization_id', '=', organizationId)
        .where('id', 'in', [...tagIds])
        .execute();
    },

    /** Which of these properties exist in the organization, with their names. */
    async findProperties({
      organizationId,
      propertyIds,
    }: {
      organizationId: string;
      propertyIds: readonly string[];
    }) {
      if (propertyIds.length === 0) return [];
      return db
        .selectFrom('property_definitions')
        .select(['id', 'name'])
        .where('organization_id', '=', organizationId)
        .where('id', 'in', [...propertyIds])
        .execute();
    },
  };
}

export type SavedViewsRepository = ReturnType<typeof createSavedViewsRepository>;
