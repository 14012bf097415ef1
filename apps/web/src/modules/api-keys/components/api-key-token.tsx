import { COPY_FEEDBACK_MS } from '@sheaf/contracts/limits';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Check, Copy, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';

/** The one-time token after creation: read-only, with a copy button (copied state for 2 s) and a Back link. */
export function ApiKeyToken({ token }: { token: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token);
    } catch {
      // Clipboard refused (insecure context): select the text so the user can copy it by hand.
      const input = document.getElementById(id);
      if (input instanceof HTMLInputElement) input.select();
      return;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
  };

  return (
    <div className="grid gap-5">
      <div className="flex items-start gap-2.5 rounded-lg border border-warning/40 bg-warning/10 px-3.5 py-3 text-sm">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        <p>{t('api-keys.token.warning')}</p>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{t('api-keys.token.label')}</Label>
        <div className="flex gap-2">
          <Input
            id={id}
            value={token}
            readOnly
            className="font-mono text-[0.8125rem]"
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variant="outline" onClick={() => void copy()} aria-live="polite" className="min-w-24">
            {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
            {copied ? t('api-keys.token.copied') : t('api-keys.token.copy')}
          </Button>
        </div>
      </div>
      <div>
        <Button asChild variant="outline">
          <Link to="/api-keys">
            <ArrowLeft aria-hidden="true" />
            {t('api-keys.token.back')}
          </Link>
        </Button>
      </div>
    </div>
  );
}
