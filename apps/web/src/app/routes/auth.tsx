import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { validateLoginSearch } from '../../modules/auth/search-params';
import { legalRoute, publicRoute } from './layouts';

// Signing in, signing up, resetting a password (public-only), and the legal pages (open to everyone).

const loginRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'login',
  staticData: { title: 'layout.page-titles.login' },
  // A failed provider sign-in: ?error=<code>&provider=<providerId>, shown under that provider's button;
  // one that needs the second factor: ?step=two-factor&next=<path>.
  validateSearch: validateLoginSearch,
  component: lazyRouteComponent(() => import('../../modules/auth/pages/login-page'), 'LoginPage'),
});

const registerRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'register',
  staticData: { title: 'auth.register.title' },
  component: lazyRouteComponent(() => import('../../modules/auth/pages/register-page'), 'RegisterPage'),
});

const requestPasswordResetRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'request-password-reset',
  staticData: { title: 'auth.request-password-reset.title' },
  component: lazyRouteComponent(
    () => import('../../modules/auth/pages/request-password-reset-page'),
    'RequestPasswordResetPage',
  ),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'reset-password',
  staticData: { title: 'auth.reset-password.title' },
  validateSearch: (search: Record<string, unknown>): { token?: string } =>
    typeof search.token === 'string' && search.token !== '' ? { token: search.token } : {},
  beforeLoad: ({ search }) => {
    if (!search.token) {
      throw redirect({ to: '/login', replace: true });
    }
  },
  component: lazyRouteComponent(
    () => import('../../modules/auth/pages/reset-password-page'),
    'ResetPasswordPage',
  ),
});

const emailValidationRequiredRoute = createRoute({
  getParentRoute: () => publicRoute,
  path: 'email-validation-required',
  staticData: { title: 'auth.email-validation-required.title' },
  validateSearch: (search: Record<string, unknown>): { email?: string } =>
    typeof search.email === 'string' && search.email !== '' ? { email: search.email } : {},
  component: lazyRouteComponent(
    () => import('../../modules/auth/pages/email-validation-required-page'),
    'EmailValidationRequiredPage',
  ),
});

const termsRoute = createRoute({
  getParentRoute: () => legalRoute,
  path: 'terms',
  staticData: { title: 'legal.terms.title' },
  component: lazyRouteComponent(() => import('../../modules/auth/pages/legal-page'), 'TermsPage'),
});

const privacyRoute = createRoute({
  getParentRoute: () => legalRoute,
  path: 'privacy',
  staticData: { title: 'legal.privacy.title' },
  component: lazyRouteComponent(() => import('../../modules/auth/pages/legal-page'), 'PrivacyPage'),
});

/** The pages of the public-only layout. */
export const publicPages = [
  loginRoute,
  registerRoute,
  requestPasswordResetRoute,
  resetPasswordRoute,
  emailValidationRequiredRoute,
] as const;

/** The pages of the legal layout. */
export const legalPages = [termsRoute, privacyRoute] as const;
