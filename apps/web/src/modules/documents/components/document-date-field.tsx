import { isValidCalendarDate } from '@sheaf/contracts/document-dates';
import type { DocumentDto } from '@sheaf/contracts/documents';
import { CalendarDays, Check, Pencil, Sparkles, X } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { getCurrentLocale } from '../../../shared/i18n/i18n';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { FieldMessage } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { Tooltip } from '../../../shared/ui/tooltip';
import { formatCalendarDate } from '../../properties/format';
import { useUpdateDocument } from '../api';

/**
 * The document's own date (a letter's, an invoice's), as a row of the document's properties: shown in
 * the UI language, marked "Detected" when read from its text or file name; edited with a date input
 * (Enter saves, Escape cancels) and cleared with its button (then extraction no longer sets one).
 */
export function DocumentDateField({ organizationId, document, isReadOnly }: DocumentDateFieldProps) {
  const { t, i18n } = useTranslation();
  const locale = getCurrentLocale(i18n);
  const labelId = useId();
  const errorId = useId();
  const update = useUpdateDocument(organizationId);
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const isEditing = draft !== null;
  const current = document.documentDate;

  const stopEditing = () => {
    setDraft(null);
    setError(null);
    requestAnimationFrame(() => editButtonRef.current?.focus());
  };

  const save = async (documentDate: string | null) => {
    setError(null);
    try {
      await update.mutateAsync({ documentId: document.id, documentDate });
      stopEditing();
    } catch (saveError) {
      setError(getErrorMessage(saveError, t));
    }
  };

  const submitDraft = () => {
    if (draft === null) return;
    if (draft === '') {
      setError(t('properties.document-date.required'));
      return;
    }
    if (!isValidCalendarDate(draft)) {
      setError(t('properties.document-date.invalid'));
      return;
    }
    if (draft === current) {
      stopEditing();
      return;
    }
    void save(draft);
  };

  return (
    <div className="grid grid-cols-[8.5rem_1fr] items-start gap-3 py-1.5 text-sm">
      <dt id={labelId} className="flex min-h-8 items-center gap-2 text-muted-foreground">
        <CalendarDays className="size-3.5 shrink-0" aria-hidden="true" />
        {t('properties.document-date.label')}
      </dt>
      <dd className="grid min-w-0 gap-1">
        {isEditing ? (
          <div className="flex flex-wrap items-center gap-1.5">
            <Input
              type="date"
              value={draft}
              autoFocus
              min="1000-01-01"
              max="9999-12-31"
              onChange={(event) => {
                setDraft(event.target.value);
                setError(null);
              }}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  submitDraft();
                } else if (event.key === 'Escape') {
                  event.preventDefault();
                  stopEditing();
                }
              }}
              aria-labelledby={labelId}
              aria-invalid={Boolean(error)}
              aria-describedby={error ? errorId : undefined}
              className="h-8 w-44"
            />
            <Button
              size="icon-sm"
              aria-label={t('properties.document-date.save')}
              isLoading={update.isPending}
              onClick={submitDraft}
            >
              {update.isPending ? null : <Check aria-hidden="true" />}
            </Button>
            <Button
              variant="ghost"
              size="icon-sm"
              aria-label={t('properties.document-date.cancel')}
              onClick={stopEditing}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
        ) : (
          <div className="flex min-h-8 flex-wrap items-center gap-x-2 gap-y-1">
            {current ? (
              <time dateTime={current} className="font-medium">
                {formatCalendarDate(current, locale)}
              </time>
            ) : (
              <span className="text-muted-foreground">{t('properties.document-date.empty')}</span>
            )}
            {current && document.documentDateIsDetected ? (
              <Tooltip content={t('properties.document-date.detected-hint')}>
                {/* Focusable, so keyboard users reach the explanation too. */}
                <Badge
                  variant="secondary"
                  tabIndex={0}
                  className="cursor-help outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  <Sparkles aria-hidden="true" />
                  {t('properties.document-date.detected')}
                  <span className="sr-only">{`: ${t('properties.document-date.detected-hint')}`}</span>
                </Badge>
              </Tooltip>
            ) : null}
            {isReadOnly ? null : (
              <span className="ml-auto flex items-center gap-0.5">
                <Tooltip content={t('properties.document-date.edit')}>
                  <Button
                    ref={editButtonRef}
                    variant="ghost"
                    size="icon-sm"
                    aria-label={t('properties.document-date.edit')}
                    onClick={() => setDraft(current ?? '')}
                  >
                    <Pencil aria-hidden="true" />
                  </Button>
                </Tooltip>
                {current ? (
                  <Tooltip content={t('properties.document-date.clear')}>
                    <Button
                      variant="ghost"
                      size="icon-sm"
                      aria-label={t('properties.document-date.clear')}
                      isLoading={update.isPending}
                      onClick={() => void save(null)}
                    >
                      {update.isPending ? null : <X aria-hidden="true" />}
                    </Button>
                  </Tooltip>
                ) : null}
              </span>
            )}
          </div>
        )}
        {error ? (
          <FieldMessage id={errorId} announce>
            {error}
          </FieldMessage>
        ) : null}
      </dd>
    </div>
  );
}

type DocumentDateFieldProps = {
  organizationId: string;
  document: DocumentDto;
  isReadOnly: boolean;
};
