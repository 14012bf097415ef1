import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { validateAccountSettingsSearch } from '../../modules/auth/search-params';
import { personalSettingsRoute } from './layouts';

// The personal settings: account, API keys and the user's invitations.

const accountSettingsRoute = createRoute({
  getParentRoute: () => personalSettingsRoute,
  path: 'settings',
  staticData: { title: 'layout.user-menu.account-settings' },
  validateSearch: validateAccountSettingsSearch,
  component: lazyRouteComponent(
    () => import('../../modules/users/pages/account-settings-page'),
    'AccountSettingsPage',
  ),
});

const apiKeysRoute = createRoute({
  getParentRoute: () => personalSettingsRoute,
  path: 'api-keys',
  staticData: { title: 'layout.personal-settings.api-keys' },
  component: lazyRouteComponent(() => import('../../modules/api-keys/pages/api-keys-page'), 'ApiKeysPage'),
});

const createApiKeyRoute = createRoute({
  getParentRoute: () => personalSettingsRoute,
  path: 'api-keys/create',
  staticData: { title: 'api-keys.create.title' },
  component: lazyRouteComponent(
    () => import('../../modules/api-keys/pages/create-api-key-page'),
    'CreateApiKeyPage',
  ),
});

const invitationsRoute = createRoute({
  getParentRoute: () => personalSettingsRoute,
  path: 'invitations',
  staticData: { title: 'layout.personal-settings.invitations' },
  component: lazyRouteComponent(
    () => import('../../modules/invitations/pages/invitations-page'),
    'InvitationsPage',
  ),
});

/** The pages of the personal settings layout. */
export const personalSettingsPages = [
  accountSettingsRoute,
  apiKeysRoute,
  createApiKeyRoute,
  invitationsRoute,
] as const;
