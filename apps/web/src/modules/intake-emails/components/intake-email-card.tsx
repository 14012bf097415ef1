import type { IntakeEmailDto } from '@sheaf/contracts/intake-emails';
import { ChevronDown, Mail, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { cn } from '../../../shared/ui/cn';
import { CopyButton } from '../../../shared/ui/copy-button';
import { Switch } from '../../../shared/ui/switch';
import { AllowedSendersEditor } from './allowed-senders-editor';
import { IntakeEmailMessages } from './intake-email-messages';

export type IntakeEmailCardProps = {
  intakeEmail: IntakeEmailDto;
  organizationId: string;
  canManage: boolean;
  onToggle: (intakeEmail: IntakeEmailDto, isEnabled: boolean) => void;
  onDelete: (intakeEmail: IntakeEmailDto) => void;
  onSaveSenders: (
    intakeEmail: IntakeEmailDto,
    allowedOrigins: string[],
    change: { added?: string; removed?: string },
  ) => Promise<boolean>;
  isToggling: boolean;
  isDeleting: boolean;
  isSavingSenders: boolean;
};

/** One intake address: the address to copy, its switch, its allowed senders and its recent messages. */
export function IntakeEmailCard({
  intakeEmail,
  organizationId,
  canManage,
  onToggle,
  onDelete,
  onSaveSenders,
  isToggling,
  isDeleting,
  isSavingSenders,
}: IntakeEmailCardProps) {
  const { t } = useTranslation();
  const id = useId();
  const titleId = `${id}-title`;
  const logId = `${id}-log`;
  const [isLogOpen, setIsLogOpen] = useState(false);
  const address = intakeEmail.emailAddress;

  return (
    <article aria-labelledby={titleId} className="overflow-hidden rounded-xl border bg-surface shadow-sm">
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4 sm:px-5">
        <div className="flex min-w-0 flex-1 items-center gap-3">
          <div
            className={cn(
              'hidden size-9 shrink-0 items-center justify-center rounded-lg border sm:flex',
              intakeEmail.isEnabled
                ? 'bg-primary-soft text-primary-soft-foreground'
                : 'bg-muted/60 text-muted-foreground',
            )}
          >
            <Mail className="size-4.5" aria-hidden="true" />
          </div>
          <div className="grid min-w-0 gap-1">
            <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
              <h2
                id={titleId}
                className="min-w-0 font-mono text-[0.9375rem] font-semibold [overflow-wrap:anywhere]"
              >
                {address}
              </h2>
              {intakeEmail.isEnabled ? null : (
                <Badge variant="secondary">{t('intake-emails.list.disabled')}</Badge>
              )}
            </div>
            <p className="text-[0.8125rem] text-muted-foreground">
              {intakeEmail.isEnabled
                ? t('intake-emails.list.receiving')
                : t('intake-emails.list.not-receiving')}
            </p>
          </div>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          <CopyButton
            text={address}
            size="sm"
            label={t('intake-emails.list.copy')}
            aria-label={t('intake-emails.list.copy-label', { address })}
          />
          {canManage ? (
            <>
              <div className="ml-auto flex items-center gap-2 sm:ml-1">
                <Switch
                  checked={intakeEmail.isEnabled}
                  disabled={isToggling}
                  onCheckedChange={(checked) => onToggle(intakeEmail, checked)}
                  aria-label={t('intake-emails.list.enabled-label', { address })}
                />
                <span aria-hidden="true" className="text-[0.8125rem] text-muted-foreground sm:hidden">
                  {t('intake-emails.list.enabled')}
                </span>
              </div>
              <Button
                variant="outline"
                size="icon-sm"
                isLoading={isDeleting}
                onClick={() => onDelete(intakeEmail)}
                aria-label={t('intake-emails.list.delete-label', { address })}
                title={t('intake-emails.delete.confirm')}
                className="text-danger hover:text-danger"
              >
                {isDeleting ? null : <Trash2 aria-hidden="true" />}
              </Button>
            </>
          ) : null}
        </div>
      </div>

      <div className="border-t px-4 py-4 sm:px-5">
        <AllowedSendersEditor
          intakeEmail={intakeEmail}
          canManage={canManage}
          isSaving={isSavingSenders}
          onSave={(allowedOrigins, change) => onSaveSenders(intakeEmail, allowedOrigins, change)}
        />
      </div>

      <div className="border-t bg-muted/30">
        <h3 className="m-0">
          <button
            type="button"
            aria-expanded={isLogOpen}
            aria-controls={logId}
            onClick={() => setIsLogOpen((open) => !open)}
            className="flex w-full items-center justify-between gap-3 px-4 py-2.5 text-left text-sm font-medium outline-none hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset sm:px-5"
          >
            <span>{t('intake-emails.messages.title')}</span>
            <ChevronDown
              className={cn('size-4 text-muted-foreground transition-transform', isLogOpen && 'rotate-180')}
              aria-hidden="true"
            />
          </button>
        </h3>
        <div id={logId} hidden={!isLogOpen} className="px-4 pb-4 sm:px-5">
          {/* Read (and polled) only while open. */}
          {isLogOpen ? (
            <IntakeEmailMessages
              organizationId={organizationId}
              intakeEmailId={intakeEmail.id}
              emailAddress={address}
            />
          ) : null}
        </div>
      </div>
    </article>
  );
}
