import {
  type DocumentFilters,
  type DocumentSort,
  documentFiltersShape,
  documentSortSchema,
  SORT_ORDERS,
  type SortOrder,
} from '@sheaf/contracts/document-filters';
import { SAVED_VIEWS_LIMIT } from '@sheaf/contracts/limits';
import type { MemberRole } from '@sheaf/contracts/permissions';
import {
  canEditSavedView,
  canManageSharedViews,
  type createSavedViewSchema,
  SAVED_VIEW_EDIT_FIELDS,
  type SavedViewDto,
  type SavedViewFilters,
  type SavedViewVisibility,
  savedViewReferences,
  type updateSavedViewSchema,
} from '@sheaf/contracts/saved-views';
import { z } from 'zod';
import type { AppDatabase } from '../../db/database';
import type { DatabaseOrTransaction } from '../../db/database.types';
import { type Clock, systemClock, toTimestamp } from '../../shared/clock';
import { generateId } from '../../shared/ids';
import { createForbiddenError } from '../auth/auth.errors.http';
import { createSavedViewNotFoundError, createSavedViewsLimitReachedError } from './saved-views.errors';
import {
  type ExistingReferences,
  parseColumns,
  parseFilters,
  parseReferenceNames,
  type SavedViewRow,
  sortViewsByName,
  toSavedViewDto,
} from './saved-views.models';
import { createSavedViewsRepository } from './saved-views.repository';

/** Who acts: a member of the organization (the route's membership). */
export type SavedViewsMember = { organizationId: string; userId: string; role: MemberRole };

type ViewContent = { filters: SavedViewFilters; sort: string | null; columns: readonly string[] };

const SHARE_FORBIDDEN = 'Only owners and admins share views with the organization or change shared views.';
const EDIT_FORBIDDEN = 'Only its creator changes a personal view.';

/** The documents module's check of a list's filters and sort (documents usecases' checkDocumentQuery). */
export type CheckDocumentQuery = (query: {
  organizationId: string;
  filters: DocumentFilters;
  sort?: DocumentSort | undefined;
  order?: SortOrder | undefined;
}) => Promise<void>;

export function createSavedViewsUsecases({
  database,
  clock = systemClock,
  checkDocumentQuery,
}: {
  database: AppDatabase;
  clock?: Clock;
  checkDocumentQuery: CheckDocumentQuery;
}) {
  const repository = createSavedViewsRepository({ db: database.db });
  const now = () => toTimestamp(clock.now());

  const isEditableBy = (row: Pick<SavedViewRow, 'visibility' | 'owner_id'>, member: SavedViewsMember) =>
    canEditSavedView({ visibility: row.visibility as SavedViewVisibility, ownerId: row.owner_id }, member);

  /** The tags and properties of these views that still exist in the organization. */
  async function existingReferences(
    db: DatabaseOrTransaction,
    organizationId: string,
    views: ViewContent[],
  ): Promise<ExistingReferences & { names: Map<string, string> }> {
    const tagIds = new Set<string>();
    const propertyIds = new Set<string>();
    for (const view of views) {
      const references = savedViewReferences(view);
      for (const id of references.tagIds) tagIds.add(id);
      for (const id of references.propertyIds) propertyIds.add(id);
    }
    const viewsRepository = createSavedViewsRepository({ db });
    const [tags, properties] = await Promise.all([
      viewsRepository.findTags({ organizationId, tagIds: [...tagIds] }),
      viewsRepository.findProperties({ organizationId, propertyIds: [...propertyIds] }),
    ]);
    return {
      tagIds: new Set(tags.map(({ id }) => id)),
      propertyIds: new Set(properties.map(({ id }) => id)),
      names: new Map([...tags, ...properties].map(({ id, name }) => [id, name])),
    };
  }

  /**
   * A view is saved only with filters and a sort the list takes: a property condition's value must
   * fit its property (400 api.validation_error, as GET /documents answers), so that opening the
   * view never fails. A condition on a deleted property matches nothing, as in the list.
   */
  const checkListQuery = (
    organizationId: string,
    filters: SavedViewFilters,
    sort: string | null,
    order: string | null,
  ) =>
    checkDocumentQuery({
      organizationId,
      filters: z.strictObject(documentFiltersShape).parse(filters),
      sort: sort === null ? undefined : documentSortSchema.parse(sort),
      order: order === null ? undefined : z.enum(SORT_ORDERS).parse(order),
    });

  const contentOf = (row: SavedViewRow): ViewContent => ({
    filters: parseFilters(row.filters),
    sort: row.sort,
    columns: parseColumns(row.columns),
  });

  async function toDtos(db: DatabaseOrTransaction, rows: SavedViewRow[], member: SavedViewsMember) {
    const existing = await existingReferences(db, member.organizationId, rows.map(contentOf));
    return rows.map((row) => toSavedViewDto(row, { existing, canEdit: isEditableBy(row, member) }));
  }

  async function requireVisible(db: DatabaseOrTransaction, member: SavedViewsMember, savedViewId: string) {
    const row = await createSavedViewsRepository({ db }).findVisible({ ...member, savedViewId });
    if (!row) throw createSavedViewNotFoundError();
    return row;
  }

  /** The names to remember for a view's references: today's, and the earlier ones of those gone. */
  async function referenceNamesOf(
    db: DatabaseOrTransaction,
    organizationId: string,
    view: ViewContent,
    previous: Record<string, string> = {},
  ) {
    const { names } = await existingReferences(db, organizationId, [view]);
    const { tagIds, propertyIds } = savedViewReferences(view);
    return JSON.stringify(
      Object.fromEntries(
        [...tagIds, ...propertyIds].flatMap((id) => {
          const name = names.get(id) ?? previous[id];
          return name === undefined ? [] : [[id, name]];
        }),
      ),
    );
  }

  /** Refuses a new view of this visibility past the limit (counted in the transaction that adds it). */
  async function checkLimit(
    db: DatabaseOrTransaction,
    member: SavedViewsMember,
    visibility: SavedViewVisibility,
  ) {
    const count = await createSavedViewsRepository({ db }).count({
      organizationId: member.organizationId,
      userId: visibility === 'personal' ? member.userId : null,
    });
    if (count >= SAVED_VIEWS_LIMIT) throw createSavedViewsLimitReachedError();
  }

  async function setPreferences(
    db: DatabaseOrTransaction,
    member: SavedViewsMember,
    savedViewId: string,
    { isPinned, isDefault }: { isPinned?: boolean; isDefault?: boolean },
  ) {
    const views = createSavedViewsRepository({ db });
    const key = { organizationId: member.organizationId, userId: member.userId, savedViewId };
    if (isPinned === true) await views.pin({ ...key, now: now() });
    if (isPinned === false) await views.unpin(key);
    if (isDefault === true) await views.setDefault(key);
    if (isDefault === false) await views.clearDefault(key);
  }

  return {
    /** The member's personal views and the organization's shared ones, by name. */
    async listSavedViews(member: SavedViewsMember): Promise<SavedViewDto[]> {
      const rows = await repository.listVisible(member);
      return sortViewsByName(await toDtos(database.db, rows, member));
    },

    async createSavedView({
      member,
      input,
    }: {
      member: SavedViewsMember;
      input: z.output<typeof createSavedViewSchema>;
    }): Promise<SavedViewDto> {
      if (input.visibility === 'organization' && !canManageSharedViews(member.role)) {
        throw createForbiddenError(SHARE_FORBIDDEN);
      }
      await checkListQuery(member.organizationId, input.filters, input.sort ?? null, input.order ?? null);
      return database.db.transaction().execute(async (trx) => {
        await checkLimit(trx, member, input.visibility);
        const savedViewId = generateId('sv');
        const createdAt = now();
        const content: ViewContent = {
          filters: input.filters,
          sort: input.sort ?? null,
          columns: input.columns,
        };
        await createSavedViewsRepository({ db: trx }).insert({
          id: savedViewId,
          organization_id: member.organizationId,
          visibility: input.visibility,
          owner_id: member.userId,
          name: input.name,
          filters: JSON.stringify(input.filters),
          sort: input.sort ?? null,
          sort_order: input.order ?? null,
          columns: JSON.stringify(input.columns),
          reference_names: await referenceNamesOf(trx, member.organizationId, content),
          created_at: createdAt,
          updated_at: createdAt,
        });
        await setPreferences(trx, member, savedViewId, input);
        const [view] = await toDtos(trx, [await requireVisible(trx, member, savedViewId)], member);
        return view as SavedViewDto;
      });
    },

    /**
     * Changes a view (its creator a personal one, owners and admins a shared one) and the caller's
     * own pin and default (any member who sees it).
     */
    async updateSavedView({
      member,
      savedViewId,
      input,
    }: {
      member: SavedViewsMember;
      savedViewId: string;
      input: z.output<typeof updateSavedViewSchema>;
    }): Promise<SavedViewDto> {
      // Before the transaction: the check reads through the documents module (on SQLite a query
      // outside the transaction would wait for it).
      if (input.filters !== undefined || input.sort !== undefined || input.order !== undefined) {
        const current = await requireVisible(database.db, member, savedViewId);
        await checkListQuery(
          member.organizationId,
          input.filters ?? parseFilters(current.filters),
          input.sort !== undefined ? input.sort : current.sort,
          input.order !== undefined ? input.order : current.sort_order,
        );
      }
      return database.db.transaction().execute(async (trx) => {
        const row = await requireVisible(trx, member, savedViewId);
        const edits = SAVED_VIEW_EDIT_FIELDS.some((field) => input[field] !== undefined);
        if (edits) {
          if (!isEditableBy(row, member)) {
            throw createForbiddenError(row.visibility === 'organization' ? SHARE_FORBIDDEN : EDIT_FORBIDDEN);
          }
          const visibility = input.visibility ?? (row.visibility as SavedViewVisibility);
          if (visibility === 'organization' && !canManageSharedViews(member.role)) {
            throw createForbiddenError(SHARE_FORBIDDEN);
          }
          const views = createSavedViewsRepository({ db: trx });
          if (visibility !== row.visibility) {
            await checkLimit(trx, member, visibility);
            // A view made personal becomes the caller's: the others no longer see it.
            if (visibility === 'personal')
              await views.removeOthersPreferences({ userId: member.userId, savedViewId });
          }
          const content: ViewContent = {
            filters: input.filters ?? parseFilters(row.filters),
            sort: input.sort !== undefined ? input.sort : row.sort,
            columns: input.columns ?? parseColumns(row.columns),
          };
          await views.update({
            organizationId: member.organizationId,
            savedViewId,
            changes: {
              ...(input.name !== undefined ? { name: input.name } : {}),
              ...(visibility !== row.visibility
                ? { visibility, ...(visibility === 'personal' ? { owner_id: member.userId } : {}) }
                : {}),
              ...(input.filters !== undefined ? { filters: JSON.stringify(input.filters) } : {}),
              ...(input.sort !== undefined ? { sort: input.sort } : {}),
              ...(input.order !== undefined ? { sort_order: input.order } : {}),
              ...(input.columns !== undefined ? { columns: JSON.stringify(input.columns) } : {}),
              reference_names: await referenceNamesOf(
                trx,
                member.organizationId,
                content,
                parseReferenceNames(row.reference_names),
              ),
              updated_at: now(),
            },
          });
        }
        await setPreferences(trx, member, savedViewId, input);
        const [view] = await toDtos(trx, [await requireVisible(trx, member, savedViewId)], member);
        return view as SavedViewDto;
      });
    },

    /** Deletes a view, with every member's pin and default of it. */
    async deleteSavedView({ member, savedViewId }: { member: SavedViewsMember; savedViewId: string }) {
      await database.db.transaction().execute(async (trx) => {
        const row = await requireVisible(trx, member, savedViewId);
        if (!isEditableBy(row, member)) {
          throw createForbiddenError(row.visibility === 'organization' ? SHARE_FORBIDDEN : EDIT_FORBIDDEN);
        }
        await createSavedViewsRepository({ db: trx }).delete({
          organizationId: member.organizationId,
          savedViewId,
        });
      });
    },
  };
}

export type SavedViewsUsecases = ReturnType<typeof createSavedViewsUsecases>;
