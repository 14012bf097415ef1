import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { DocumentPageSkeleton } from '../../modules/documents/components/document-page-skeleton';
import { validateDocumentSearch, validateDocumentsRouteSearch } from '../../modules/documents/route-search';
import { organizationRoute } from './layouts';

// An organization's home, documents, trash, tags and tagging rules.

const organizationHomeRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: '/',
  staticData: { title: 'layout.nav.home' },
  component: lazyRouteComponent(() => import('../pages/organization-home-page'), 'OrganizationHomePage'),
});

const documentsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'documents',
  staticData: { title: 'layout.nav.documents' },
  // Loosely here (this file is in the app's entry): the list's chunk parses the filters.
  validateSearch: validateDocumentsRouteSearch,
  // The list with the saved views' menu (app/pages composes the features).
  component: lazyRouteComponent(() => import('../pages/documents-page'), 'DocumentsPage'),
});

const documentRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'documents/$documentId',
  staticData: { title: 'layout.page-titles.document' },
  // Its code is large (preview, editor): the page's shape shows while it loads, not a blank.
  pendingComponent: DocumentPageSkeleton,
  pendingMs: 150,
  validateSearch: validateDocumentSearch,
  component: lazyRouteComponent(() => import('../pages/document-page'), 'DocumentPage'),
});

const deletedDocumentsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'deleted',
  staticData: { title: 'layout.nav.deleted-documents' },
  component: lazyRouteComponent(
    () => import('../../modules/documents/pages/deleted-documents-page'),
    'DeletedDocumentsPage',
  ),
});

const tagsRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'tags',
  staticData: { title: 'layout.nav.tags' },
  component: lazyRouteComponent(() => import('../../modules/tags/pages/tags-page'), 'TagsPage'),
});

const taggingRulesRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'tagging-rules',
  staticData: { title: 'layout.nav.tagging-rules' },
  component: lazyRouteComponent(
    () => import('../../modules/tagging-rules/pages/tagging-rules-page'),
    'TaggingRulesPage',
  ),
});

const createTaggingRuleRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'tagging-rules/create',
  staticData: { title: 'tagging-rules.form.create-title' },
  component: lazyRouteComponent(
    () => import('../../modules/tagging-rules/pages/create-tagging-rule-page'),
    'CreateTaggingRulePage',
  ),
});

const editTaggingRuleRoute = createRoute({
  getParentRoute: () => organizationRoute,
  path: 'tagging-rules/$taggingRuleId',
  staticData: { title: 'tagging-rules.form.update-title' },
  component: lazyRouteComponent(
    () => import('../../modules/tagging-rules/pages/edit-tagging-rule-page'),
    'EditTaggingRulePage',
  ),
});

/** The organization's home and its documents pages. */
export const organizationDocumentsPages = [
  organizationHomeRoute,
  documentsRoute,
  documentRoute,
  deletedDocumentsRoute,
  tagsRoute,
  taggingRulesRoute,
  createTaggingRuleRoute,
  editTaggingRuleRoute,
] as const;
