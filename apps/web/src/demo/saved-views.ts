import { errorMessage, errorStatus } from '@sheaf/contracts/errors';
import { SAVED_VIEWS_LIMIT } from '@sheaf/contracts/limits';
import {
  canEditSavedView,
  canManageSharedViews,
  createSavedViewSchema,
  SAVED_VIEW_EDIT_FIELDS,
  type SavedViewDto,
  type SavedViewVisibility,
  savedViewReferences,
  savedViewsEndpoints,
  updateSavedViewSchema,
  withoutMissingReferences,
} from '@sheaf/contracts/saved-views';
import { type DemoContext, newId, nowIso, requireOrganization } from './context';
import { DemoHttpError, handle, json, noContent, notFound, parseJsonBody } from './http';
import type { DemoState } from './state';

type ViewRow = NonNullable<DemoState['savedViews']>[number];
type Member = ReturnType<typeof requireOrganization>['member'];

const forbidden = (message: string) =>
  new DemoHttpError(errorStatus('auth.forbidden'), 'auth.forbidden', message);

function viewsOf(context: DemoContext): ViewRow[] {
  context.state.savedViews ??= [];
  return context.state.savedViews;
}

/** The views the demo user sees in an organization: theirs, and the shared ones. */
function visibleViews(context: DemoContext, member: Member): ViewRow[] {
  return viewsOf(context).filter(
    (view) =>
      view.organizationId === member.organizationId &&
      (view.visibility === 'organization' || view.ownerId === member.userId),
  );
}

function findView(context: DemoContext, member: Member, savedViewId: string): ViewRow {
  const view = visibleViews(context, member).find(({ id }) => id === savedViewId);
  if (!view) throw notFound('saved_views.not_found', errorMessage('saved_views.not_found'));
  return view;
}

const tagExists = (state: DemoState, organizationId: string) => (id: string) =>
  state.tags.some((tag) => tag.id === id && tag.organizationId === organizationId);
const propertyExists = (state: DemoState, organizationId: string) => (id: string) =>
  state.propertyDefinitions.some(
    (property) => property.id === id && property.organizationId === organizationId,
  );

/** The names of the tags and properties a view names that exist now, and the earlier ones of the rest. */
function referenceNamesOf(state: DemoState, view: ViewRow): Record<string, string> {
  const { tagIds, propertyIds } = savedViewReferences(view);
  const names: Record<string, string> = {};
  for (const id of [...tagIds, ...propertyIds]) {
    const name =
      state.tags.find((tag) => tag.id === id)?.name ??
      state.propertyDefinitions.find((property) => property.id === id)?.name ??
      view.referenceNames[id];
    if (name !== undefined) names[id] = name;
  }
  return names;
}

function toDto(context: DemoContext, view: ViewRow, member: Member): SavedViewDto {
  const { state } = context;
  const read = withoutMissingReferences(view, {
    tagExists: tagExists(state, view.organizationId),
    propertyExists: propertyExists(state, view.organizationId),
    nameOf: (id) => view.referenceNames[id] ?? null,
  });
  const owner = view.ownerId ? state.users.find(({ id }) => id === view.ownerId) : undefined;
  return {
    id: view.id,
    organizationId: view.organizationId,
    name: view.name,
    visibility: view.visibility,
    filters: read.filters,
    sort: read.sort,
    order: read.order,
    columns: read.columns,
    dropped: read.dropped,
    isPinned: view.isPinned,
    isDefault: view.isDefault,
    canEdit: canEditSavedView(view, member),
    createdBy: owner ? { id: owner.id, name: owner.name } : null,
    createdAt: view.createdAt,
    updatedAt: view.updatedAt,
  };
}

function checkLimit(context: DemoContext, member: Member, visibility: SavedViewVisibility) {
  const count = viewsOf(context).filter(
    (view) =>
      view.organizationId === member.organizationId &&
      view.visibility === visibility &&
      (visibility === 'organization' || view.ownerId === member.userId),
  ).length;
  if (count >= SAVED_VIEWS_LIMIT) {
    throw new DemoHttpError(
      errorStatus('saved_views.limit_reached'),
      'saved_views.limit_reached',
      errorMessage('saved_views.limit_reached'),
    );
  }
}

/** One default per member and organization: setting one unsets the others. */
function makeDefault(context: DemoContext, member: Member, view: ViewRow) {
  for (const other of visibleViews(context, member)) other.isDefault = other === view;
}

const nameOrder = new Intl.Collator('und', { sensitivity: 'base', numeric: true });
const SHARE_FORBIDDEN = 'Only owners and admins share views with the organization or change shared views.';

/** Saved views, with the server's rules (the demo user is the only member whose pins count). */
export const savedViewsRoutes = (context: DemoContext) => [
  handle(savedViewsEndpoints.list, (request) => {
    const { member } = requireOrganization(context, request.params.organizationId ?? '');
    const views = visibleViews(context, member)
      .map((view) => toDto(context, view, member))
      .sort((a, b) => nameOrder.compare(a.name, b.name) || a.id.localeCompare(b.id));
    return json({ savedViews: views });
  }),
  handle(savedViewsEndpoints.create, (request) => {
    const { member } = requireOrganization(context, request.params.organizationId ?? '');
    const input = parseJsonBody(request, createSavedViewSchema);
    if (input.visibility === 'organization' && !canManageSharedViews(member.role)) {
      throw forbidden(SHARE_FORBIDDEN);
    }
    checkLimit(context, member, input.visibility);
    const now = nowIso(context);
    const view: ViewRow = {
      id: newId('sv'),
      organizationId: member.organizationId,
      visibility: input.visibility,
      ownerId: member.userId,
      name: input.name,
      filters: input.filters,
      sort: input.sort ?? null,
      order: input.order ?? null,
      columns: input.columns,
      referenceNames: {},
      isPinned: input.isPinned,
      isDefault: false,
      createdAt: now,
      updatedAt: now,
    };
    view.referenceNames = referenceNamesOf(context.state, view);
    viewsOf(context).push(view);
    if (input.isDefault) makeDefault(context, member, view);
    return json({ savedView: toDto(context, view, member) }, 201);
  }),
  handle(savedViewsEndpoints.update, (request) => {
    const { member } = requireOrganization(context, request.params.organizationId ?? '');
    const input = parseJsonBody(request, updateSavedViewSchema);
    const view = findView(context, member, request.params.savedViewId ?? '');
    if (SAVED_VIEW_EDIT_FIELDS.some((field) => input[field] !== undefined)) {
      if (!canEditSavedView(view, member)) throw forbidden(SHARE_FORBIDDEN);
      const visibility = input.visibility ?? view.visibility;
      if (visibility === 'organization' && !canManageSharedViews(member.role))
        throw forbidden(SHARE_FORBIDDEN);
      if (visibility !== view.visibility) {
        checkLimit(context, member, visibility);
        view.visibility = visibility;
        if (visibility === 'personal') view.ownerId = member.userId;
      }
      if (input.name !== undefined) view.name = input.name;
      if (input.filters !== undefined) view.filters = input.filters;
      if (input.sort !== undefined) view.sort = input.sort;
      if (input.order !== undefined) view.order = input.order;
      if (input.columns !== undefined) view.columns = input.columns;
      view.referenceNames = referenceNamesOf(context.state, view);
      view.updatedAt = nowIso(context);
    }
    if (input.isPinned !== undefined) view.isPinned = input.isPinned;
    if (input.isDefault === true) makeDefault(context, member, view);
    if (input.isDefault === false) view.isDefault = false;
    return json({ savedView: toDto(context, view, member) });
  }),
  handle(savedViewsEndpoints.delete, (request) => {
    const { member } = requireOrganization(context, request.params.organizationId ?? '');
    const view = findView(context, member, request.params.savedViewId ?? '');
    if (!canEditSavedView(view, member)) throw forbidden(SHARE_FORBIDDEN);
    context.state.savedViews = viewsOf(context).filter(({ id }) => id !== view.id);
    return noContent();
  }),
];
