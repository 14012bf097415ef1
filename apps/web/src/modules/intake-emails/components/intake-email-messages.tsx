import type { IntakeEmailMessageDto, IntakeEmailMessageStatus } from '@sheaf/contracts/intake-emails';
import { INTAKE_EMAIL_MESSAGES_LOG_SIZE } from '@sheaf/contracts/limits';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { FileText, Inbox, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format/bytes';
import { useDateFormatter } from '../../../shared/format/date';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { cn } from '../../../shared/ui/cn';
import { FormError } from '../../../shared/ui/form-error';
import { Spinner } from '../../../shared/ui/spinner';
import { intakeEmailMessagesQueryOptions } from '../api';

/** While the log is open it is read again this often, so new mail shows by itself. */
export const MESSAGES_POLL_INTERVAL_MS = 5000;

const STATUS_TONE: Record<IntakeEmailMessageStatus, string> = {
  processed: 'bg-success',
  no_attachments: 'bg-muted-foreground/50',
  sender_not_allowed: 'bg-danger',
  address_disabled: 'bg-warning',
  // Dropped without the owner's doing (the IMAP poller could tell no sender): as loud as a refusal.
  too_large: 'bg-danger',
};

function MessageStatus({ message }: { message: IntakeEmailMessageDto }) {
  const { t } = useTranslation();
  const label =
    message.status === 'processed'
      ? t('intake-emails.messages.documents-count', { count: message.documents.length })
      : t(`intake-emails.messages.status.${message.status}`);
  return (
    <span className="inline-flex items-center gap-1.5 text-[0.8125rem] font-medium whitespace-nowrap">
      <span
        aria-hidden="true"
        className={cn('inline-block size-2 rounded-full', STATUS_TONE[message.status])}
      />
      {label}
    </span>
  );
}

function MessageItem({
  message,
  organizationId,
}: {
  message: IntakeEmailMessageDto;
  organizationId: string;
}) {
  const { t, i18n } = useTranslation();
  const { formatRelative, formatDateTime } = useDateFormatter();
  return (
    <li className="grid gap-1.5 px-3.5 py-3 sm:px-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 text-sm font-medium [overflow-wrap:anywhere]">
          {message.subject?.trim() ? (
            message.subject
          ) : (
            <span className="font-normal text-muted-foreground italic">
              {t('intake-emails.messages.no-subject')}
            </span>
          )}
        </p>
        <MessageStatus message={message} />
      </div>
      <p className="flex flex-wrap gap-x-1.5 text-[0.8125rem] text-muted-foreground">
        <span className="[overflow-wrap:anywhere]">
          {t('intake-emails.messages.from', {
            from: message.from ?? t('intake-emails.messages.unknown-sender'),
          })}
        </span>
        <span aria-hidden="true">·</span>
        <time dateTime={message.receivedAt} title={formatDateTime(message.receivedAt)}>
          {t('intake-emails.messages.received', { time: formatRelative(message.receivedAt) })}
        </time>
      </p>
      {message.status === 'too_large' ? (
        <p className="text-[0.8125rem] text-muted-foreground">
          {t('intake-emails.messages.too-large-description')}
        </p>
      ) : null}
      {message.documents.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('intake-emails.messages.documents')}>
          {message.documents.map((document) => (
            <li key={document.id} className="min-w-0">
              <Link
                to="/organizations/$organizationId/documents/$documentId"
                params={{ organizationId, documentId: document.id }}
                className="inline-flex max-w-full items-center gap-1 rounded-md border bg-surface px-1.5 py-0.5 text-[0.8125rem] text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                <FileText className="size-3.5 shrink-0" aria-hidden="true" />
                <span className="truncate">{document.name}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {message.skippedParts.length > 0 ? (
        <div className="grid gap-1">
          <p className="text-[0.8125rem] font-medium">{t('intake-emails.messages.skipped')}</p>
          <ul className="grid gap-0.5 text-[0.8125rem]">
            {message.skippedParts.map((part, index) => (
              <li
                // Two parts may share a name; their order in the message is stable.
                // biome-ignore lint/suspicious/noArrayIndexKey: the log entry never changes
                key={index}
                className="flex flex-wrap items-baseline gap-x-1.5"
              >
                <span className="min-w-0 [overflow-wrap:anywhere]">
                  {part.name || t('intake-emails.messages.unnamed-part')}
                </span>
                <span className="text-muted-foreground">
                  ({formatBytes(part.size, { base: 1000, decimals: 1, locale: i18n.language })})
                </span>
                <Badge variant="secondary" className="font-normal">
                  {t(`intake-emails.messages.skip-reason.${part.reason}`)}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

/** An address's recent messages (last 50, newest first): what each one became, or why it became nothing. */
export function IntakeEmailMessages({
  organizationId,
  intakeEmailId,
  emailAddress,
}: {
  organizationId: string;
  intakeEmailId: string;
  emailAddress: string;
}) {
  const { t } = useTranslation();
  const [isRefreshing, setIsRefreshing] = useState(false);
  const messages = useQuery(
    intakeEmailMessagesQueryOptions({
      organizationId,
      intakeEmailId,
      refetchInterval: MESSAGES_POLL_INTERVAL_MS,
    }),
  );

  const refresh = async () => {
    setIsRefreshing(true);
    try {
      await messages.refetch();
    } finally {
      setIsRefreshing(false);
    }
  };

  if (messages.isPending) {
    return (
      <div className="flex justify-center py-6 text-primary">
        <Spinner />
      </div>
    );
  }
  if (messages.isError && !messages.data) {
    return (
      <div className="grid justify-items-start gap-3">
        <FormError>{getErrorMessage(messages.error, t)}</FormError>
        <Button variant="outline" size="sm" onClick={() => void messages.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (messages.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-1.5 rounded-lg border border-dashed px-4 py-6 text-center">
        <Inbox className="size-5 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm font-medium">{t('intake-emails.messages.empty-title')}</p>
        <p className="max-w-sm text-[0.8125rem] text-muted-foreground">
          {t('intake-emails.messages.empty-description')}
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-3">
        <p className="text-[0.8125rem] text-muted-foreground">
          {t('intake-emails.messages.kept', { max: INTAKE_EMAIL_MESSAGES_LOG_SIZE })}
        </p>
        <Button
          variant="ghost"
          size="sm"
          isLoading={isRefreshing}
          onClick={() => void refresh()}
          aria-label={t('intake-emails.messages.refresh-label', { address: emailAddress })}
        >
          {isRefreshing ? null : <RefreshCw aria-hidden="true" />}
          {t('intake-emails.messages.refresh')}
        </Button>
      </div>
      <ul
        className="divide-y overflow-hidden rounded-lg border bg-surface"
        aria-label={t('intake-emails.messages.list-label', { address: emailAddress })}
      >
        {messages.data.map((message) => (
          <MessageItem key={message.id} message={message} organizationId={organizationId} />
        ))}
      </ul>
    </div>
  );
}
