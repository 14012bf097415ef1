import { ExternalLink, Info, RotateCcw, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../shared/ui/button';

export const DEMO_POPUP_STORAGE_KEY = 'sheaf.demo.popup';

/** Where the popup's community link goes; a build can set another (VITE_DEMO_COMMUNITY_URL). */
export const DEMO_COMMUNITY_URL =
  import.meta.env.VITE_DEMO_COMMUNITY_URL ?? 'https://github.com/topics/document-management';

function readHidden(): boolean {
  try {
    return window.localStorage.getItem(DEMO_POPUP_STORAGE_KEY) === 'hidden';
  } catch {
    return false;
  }
}

function storeHidden(hidden: boolean) {
  try {
    window.localStorage.setItem(DEMO_POPUP_STORAGE_KEY, hidden ? 'hidden' : 'shown');
  } catch {
    // Storage unavailable: the choice lasts this visit.
  }
}

/**
 * Beside the organization sidebar (w-60, fixed from lg) rather than over its footer links.
 *
 * The demo popup (spec §2 Layout): what the demo is, a community link, Reset and Hide. Hidden, it
 * is a small info button that opens it again; the choice is remembered on this device.
 */
export function DemoPopup({ onReset }: { onReset: () => Promise<void> }) {
  const { t } = useTranslation();
  const [isHidden, setIsHidden] = useState(readHidden);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isResetting, setIsResetting] = useState(false);

  const setHidden = (hidden: boolean) => {
    storeHidden(hidden);
    setIsHidden(hidden);
    setIsConfirming(false);
  };

  if (isHidden) {
    return (
      <aside aria-label={t('demo.label')} className="fixed bottom-4 left-4 z-40 lg:left-64">
        <Button
          variant="outline"
          size="icon"
          className="rounded-full shadow-md"
          aria-label={t('demo.show')}
          aria-expanded={false}
          onClick={() => setHidden(false)}
        >
          <Info aria-hidden="true" />
        </Button>
      </aside>
    );
  }

  return (
    <aside
      aria-labelledby="sheaf-demo-title"
      className="fixed inset-x-3 bottom-3 z-40 rounded-lg border border-border bg-surface p-4 text-surface-foreground shadow-lg sm:inset-x-auto sm:bottom-4 sm:left-4 sm:w-80 lg:left-64"
    >
      <div className="flex items-start justify-between gap-2">
        <h2 id="sheaf-demo-title" className="flex items-center gap-2 text-sm font-semibold">
          <Info aria-hidden="true" className="size-4 text-primary" />
          {t('demo.title')}
        </h2>
        <Button
          variant="ghost"
          size="icon-sm"
          className="-mt-1 -mr-1"
          aria-label={t('demo.hide')}
          onClick={() => setHidden(true)}
        >
          <X aria-hidden="true" />
        </Button>
      </div>
      {isConfirming ? (
        <>
          <p className="mt-2 text-sm text-muted-foreground">{t('demo.reset-description')}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="destructive"
              isLoading={isResetting}
              onClick={() => {
                setIsResetting(true);
                void onReset().finally(() => setIsResetting(false));
              }}
            >
              {t('demo.reset-confirm')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setIsConfirming(false)}>
              {t('demo.cancel')}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-muted-foreground">{t('demo.description')}</p>
          <a
            href={DEMO_COMMUNITY_URL}
            target="_blank"
            rel="noreferrer"
            className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('demo.community')}
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button size="sm" variant="outline" onClick={() => setIsConfirming(true)}>
              <RotateCcw aria-hidden="true" />
              {t('demo.reset')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setHidden(true)}>
              {t('demo.hide')}
            </Button>
          </div>
        </>
      )}
    </aside>
  );
}
