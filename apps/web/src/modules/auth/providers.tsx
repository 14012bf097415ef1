import type { PublicConfig } from '@sheaf/contracts/config';
import { KeyRound } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { GitHubIcon, GoogleIcon } from './components/provider-icons';

// The third-party sign-in providers as data: the sign-in pages show them as buttons
// (components/auth-providers.tsx), the account settings as connected methods (users).

export type AuthProvider = { id: string; name: string; icon: ReactNode };

/** The third-party sign-in providers enabled on this server: Google, GitHub, then the custom ones. */
export function getAuthProviders(config: PublicConfig): AuthProvider[] {
  const { providers } = config.auth;
  const list: AuthProvider[] = [];
  if (providers.google.isEnabled) {
    list.push({ id: 'google', name: 'Google', icon: <GoogleIcon className="size-4" /> });
  }
  if (providers.github.isEnabled) {
    list.push({ id: 'github', name: 'GitHub', icon: <GitHubIcon className="size-4" /> });
  }
  for (const custom of providers.customs) {
    list.push({
      id: custom.providerId,
      name: custom.providerName,
      icon: <CustomProviderIcon url={custom.providerIconUrl} />,
    });
  }
  return list;
}

/**
 * A custom provider's icon: its `https:`, `data:` or same-origin URL (what the server accepts and the
 * page's CSP allows), or the default key when it has none or it fails to load.
 */
export function CustomProviderIcon({
  url,
  className = 'size-4',
}: {
  url: string | null | undefined;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) {
    return <KeyRound className={className} aria-hidden="true" />;
  }
  return <img src={url} alt="" className={`${className} object-contain`} onError={() => setFailed(true)} />;
}
