import type { IntakeEmailDto } from '@sheaf/contracts/intake-emails';
import { Plus, TriangleAlert, X } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { FieldMessage } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { addAllowedSender } from '../validation';

type AllowedSendersEditorProps = {
  intakeEmail: IntakeEmailDto;
  canManage: boolean;
  /** Saves the whole new list; resolves to whether it was saved. */
  onSave: (allowedOrigins: string[], change: { added?: string; removed?: string }) => Promise<boolean>;
  isSaving: boolean;
};

/**
 * The senders whose mail this address takes (spec §5): listed, removable, and an "add" field checked
 * with the shared schema on submit, then again on each keystroke. An empty list accepts nobody, and
 * says so. Members see the list only.
 */
export function AllowedSendersEditor({
  intakeEmail,
  canManage,
  onSave,
  isSaving,
}: AllowedSendersEditorProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [wasSubmitted, setWasSubmitted] = useState(false);
  const senders = intakeEmail.allowedOrigins;
  const headingId = `${id}-heading`;
  const errorId = `${id}-error`;

  const validate = (value: string) => addAllowedSender(senders, value, t);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setWasSubmitted(true);
    const result = validate(typed);
    if (!result.success) {
      setError(result.message);
      inputRef.current?.focus();
      return;
    }
    setError(undefined);
    const added = result.allowedOrigins[result.allowedOrigins.length - 1];
    if (await onSave(result.allowedOrigins, { added })) {
      setTyped('');
      setWasSubmitted(false);
    }
    inputRef.current?.focus();
  };

  const onRemove = async (sender: string) => {
    await onSave(
      senders.filter((item) => item !== sender),
      { removed: sender },
    );
    // The removed chip's button is gone: keep the keyboard user in the editor.
    inputRef.current?.focus();
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-2.5">
      <div className="grid gap-0.5">
        <h3 id={headingId} className="text-sm font-semibold">
          {t('intake-emails.senders.title')}
        </h3>
        <p className="text-[0.8125rem] text-muted-foreground">{t('intake-emails.senders.description')}</p>
      </div>

      {senders.length === 0 ? (
        <p className="flex items-start gap-2 rounded-lg border border-warning/40 bg-warning/10 px-3 py-2 text-[0.8125rem]">
          <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
          <span>
            {canManage ? t('intake-emails.senders.empty-manager') : t('intake-emails.senders.empty-member')}
          </span>
        </p>
      ) : (
        <ul className="flex flex-wrap gap-1.5" aria-labelledby={headingId}>
          {senders.map((sender) => (
            <li
              key={sender}
              className="inline-flex max-w-full items-center gap-1 rounded-md border bg-muted/50 py-0.5 pr-0.5 pl-2 text-[0.8125rem]"
            >
              <span className="min-w-0 [overflow-wrap:anywhere]">{sender}</span>
              {canManage ? (
                <Button
                  variant="ghost"
                  size="icon-sm"
                  className="size-6 text-muted-foreground hover:text-foreground [&_svg]:size-3.5"
                  disabled={isSaving}
                  onClick={() => void onRemove(sender)}
                  aria-label={t('intake-emails.senders.remove-label', { email: sender })}
                  title={t('intake-emails.senders.remove')}
                >
                  <X aria-hidden="true" />
                </Button>
              ) : (
                <span className="w-1.5" aria-hidden="true" />
              )}
            </li>
          ))}
        </ul>
      )}

      {canManage ? (
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-1.5">
          <label htmlFor={`${id}-input`} className="sr-only">
            {t('intake-emails.senders.add-label', { address: intakeEmail.emailAddress })}
          </label>
          <div className="flex gap-2">
            <Input
              ref={inputRef}
              id={`${id}-input`}
              type="email"
              inputMode="email"
              autoComplete="off"
              spellCheck={false}
              placeholder={t('intake-emails.senders.placeholder')}
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                if (wasSubmitted) {
                  const result = validate(event.target.value);
                  setError(result.success ? undefined : result.message);
                }
              }}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
              className="max-w-sm"
            />
            <Button type="submit" variant="outline" isLoading={isSaving}>
              {isSaving ? null : <Plus aria-hidden="true" />}
              {t('intake-emails.senders.add')}
            </Button>
          </div>
          {error ? <FieldMessage id={errorId}>{error}</FieldMessage> : null}
        </form>
      ) : null}
    </section>
  );
}
