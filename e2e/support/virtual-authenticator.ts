import type { BrowserContext, CDPSession, Page } from '@playwright/test';

/** A credential as Chromium's virtual authenticator reports it (DevTools protocol `WebAuthn.Credential`). */
export type VirtualCredential = {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  userHandle?: string;
  signCount: number;
};

/**
 * A platform authenticator in the page's browser tab, through the DevTools protocol
 * (`WebAuthn.addVirtualAuthenticator`): it holds resident keys (passkeys), verifies the user, and
 * answers every prompt at once as if the user had touched it. It lives as long as the tab (across
 * navigations), so it keeps its passkeys through a sign-out.
 */
export async function addVirtualAuthenticator(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    /** The credentials the authenticator holds now. */
    async credentials(): Promise<VirtualCredential[]> {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials;
    },
    /** Whether it answers prompts by itself (off: a prompt waits, as for a user who does not touch it). */
    async setAutomaticPresence(enabled: boolean) {
      await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled });
    },
    async remove() {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
      await cdp.detach();
    },
  };
}

export type VirtualAuthenticator = Awaited<ReturnType<typeof addVirtualAuthenticator>>;

declare global {
  interface Window {
    /** The `mediation` of each navigator.credentials.get call of the document ('none' when unset). */
    __webAuthnGetMediations?: string[];
  }
}

/**
 * Notes the `mediation` of every navigator.credentials.get call of the context's pages (then makes
 * the call as it was): tells a conditional request (the e-mail field's passkey autofill) from a
 * modal one (the passkey button).
 */
export async function recordWebAuthnRequests(context: BrowserContext) {
  await context.addInitScript(() => {
    const credentials = window.navigator.credentials;
    const get = credentials.get.bind(credentials);
    window.__webAuthnGetMediations = [];
    credentials.get = (options?: CredentialRequestOptions) => {
      window.__webAuthnGetMediations?.push(options?.mediation ?? 'none');
      return get(options);
    };
  });
}

/** The `mediation` of the current document's navigator.credentials.get calls, in order. */
export function webAuthnRequests(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__webAuthnGetMediations ?? []);
}
