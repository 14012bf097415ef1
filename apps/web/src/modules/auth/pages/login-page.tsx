import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { Mail } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { getErrorCode } from '../../../shared/http/api-error';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { FormError } from '../../../shared/ui/form-error';
import { Label } from '../../../shared/ui/label';
import { PasswordField } from '../../../shared/ui/password-field';
import { useConfig } from '../../config/config-context';
import { refreshSession } from '../api';
import { authClient, unwrapAuth } from '../auth-client';
import { AuthHeader } from '../components/auth-header';
import { AuthProviderButtons, Divider } from '../components/auth-providers';
import { EmailField } from '../components/email-field';
import { LegalLinks } from '../components/legal-links';
import { providerErrorMessage } from '../provider-errors';
import { getAuthProviders } from '../providers';
import { loginSchema } from '../validation';

// Kept out of the page's chunk (its budget, scripts/check-login-bundle.mjs): the code step loads
// once a sign-in asks for it, the passkey button (and @simplewebauthn/browser) right after mount.
const TwoFactorStep = lazy(() =>
  import('../components/two-factor-step').then(({ TwoFactorStep }) => ({ default: TwoFactorStep })),
);
const PasskeySignIn = lazy(() =>
  import('../components/passkey-sign-in').then(({ PasskeySignIn }) => ({ default: PasskeySignIn })),
);

const routeApi = getRouteApi('/public/login');

type LoginFormProps = {
  initialEmail: string;
  /** Why the sign-in starts again (the code step expired). */
  initialError: string | undefined;
  onTwoFactorRedirect: (email: string) => void;
  onSignedIn: () => Promise<void>;
};

function LoginForm({ initialEmail, initialError, onTwoFactorRedirect, onSignedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const navigate = useNavigate();
  const [formError, setFormError] = useState(initialError);
  const schema = useMemo(() => loginSchema(t), [t]);
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { email: initialEmail, password: '', rememberMe: true },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = form.handleSubmit(async ({ email, password, rememberMe }) => {
    setFormError(undefined);
    try {
      const answer = await unwrapAuth(
        authClient.signIn.email({ email, password, rememberMe, callbackURL: config.baseUrl }),
        '/api/auth/sign-in/email',
      );
      // An account with two-factor sign-in (authEndpoints.signInEmail): the code step comes next.
      if (answer && 'twoFactorRedirect' in answer) {
        onTwoFactorRedirect(email);
        return;
      }
      await onSignedIn();
    } catch (error) {
      if (getErrorCode(error) === 'auth.email_not_verified') {
        await navigate({ to: '/email-validation-required', search: { email } });
        return;
      }
      setFormError(getErrorMessage(error, t));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('auth.login.form-label')}>
      <EmailField control={form.control} name="email" autoComplete="username webauthn" autoFocus />
      <PasswordField
        control={form.control}
        name="password"
        label={t('auth.fields.password')}
        placeholder={t('auth.fields.password-placeholder')}
        autoComplete="current-password"
      />
      <div className="flex items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Checkbox
            id="login-remember-me"
            checked={form.watch('rememberMe')}
            onCheckedChange={(checked) => form.setValue('rememberMe', checked === true)}
          />
          <Label htmlFor="login-remember-me" className="font-normal">
            {t('auth.login.remember-me')}
          </Label>
        </div>
        {config.auth.isPasswordResetEnabled ? (
          <Link
            to="/request-password-reset"
            className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('auth.login.forgot-password')}
          </Link>
        ) : null}
      </div>
      <Button type="submit" className="w-full" isLoading={form.formState.isSubmitting}>
        {t('auth.login.submit')}
      </Button>
      <FormError>{formError}</FormError>
    </form>
  );
}

export function LoginPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const providers = getAuthProviders(config);
  const isEmailEnabled = config.auth.providers.email.isEnabled;
  const [showEmailForm, setShowEmailForm] = useState(providers.length === 0);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A password sign-in waiting for its code: its e-mail (kept for "Back to sign-in").
  const [email, setEmail] = useState('');
  // A provider sign-in of an account with two-factor sign-in comes back here for its code.
  const search = routeApi.useSearch();
  const [isCodeStep, setIsCodeStep] = useState(search.step === 'two-factor');
  const [passwordStepError, setPasswordStepError] = useState<string>();
  // A provider sign-in that failed comes back here as ?error=<code>&provider=<providerId>.
  const providerFailure = search.error
    ? { id: search.provider, message: providerErrorMessage(search.error, t) }
    : null;

  /** Where every sign-in (password, code, passkey) goes once the session cookie is set. */
  const finishSignIn = async () => {
    await refreshSession(queryClient);
    await (search.next ? navigate({ href: search.next }) : navigate({ to: '/' }));
  };

  if (isCodeStep) {
    return (
      <Suspense>
        <TwoFactorStep
          onSignedIn={finishSignIn}
          onBack={(message) => {
            setPasswordStepError(message);
            setIsCodeStep(false);
          }}
        />
      </Suspense>
    );
  }

  if (!isEmailEnabled && providers.length === 0) {
    return (
      <div className="grid gap-6">
        <AuthHeader title={t('auth.login.title')} description={t('auth.login.no-provider')} />
        <LegalLinks />
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <AuthHeader
        title={t('auth.login.title')}
        description={
          providers.length > 0 ? t('auth.login.description-providers') : t('auth.login.description')
        }
      />
      {isEmailEnabled && showEmailForm ? (
        <LoginForm
          initialEmail={email}
          initialError={passwordStepError}
          onSignedIn={finishSignIn}
          onTwoFactorRedirect={(signInEmail) => {
            setEmail(signInEmail);
            setIsCodeStep(true);
          }}
        />
      ) : null}
      {isEmailEnabled && !showEmailForm ? (
        <Button variant="default" className="w-full" onClick={() => setShowEmailForm(true)}>
          <Mail aria-hidden="true" />
          {t('auth.login.with-email')}
        </Button>
      ) : null}
      <Suspense>
        <PasskeySignIn autofill={isEmailEnabled && showEmailForm} onSignedIn={finishSignIn} />
      </Suspense>
      {providers.length > 0 ? (
        <>
          {isEmailEnabled ? <Divider>{t('auth.or')}</Divider> : null}
          <AuthProviderButtons providers={providers} initialFailure={providerFailure} />
        </>
      ) : null}
      {providers.length === 0 && providerFailure ? <FormError>{providerFailure.message}</FormError> : null}
      {config.auth.isRegistrationEnabled ? (
        <p className="text-center text-sm text-muted-foreground">
          {t('auth.login.no-account')}{' '}
          <Link to="/register" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('auth.login.register-link')}
          </Link>
        </p>
      ) : null}
      <LegalLinks />
    </div>
  );
}
