import type { DocumentDto } from '@sheaf/contracts/documents';
import { Link } from '@tanstack/react-router';
import { FileText, Mail, Paperclip } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const LINK_CLASS =
  'inline-flex max-w-full items-center gap-1 rounded-md border bg-surface px-1.5 py-0.5 text-[0.8125rem] text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring';

/**
 * An e-mail file's links (issue 31): on a message, its attachments (each a document of its own);
 * on an attachment, the message it came in ("From e-mail …"). Nothing for other documents.
 */
export function DocumentEmailLinks({
  organizationId,
  document,
}: {
  organizationId: string;
  document: Pick<DocumentDto, 'attachments' | 'fromEmail'>;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const { attachments, fromEmail } = document;
  if (attachments.length === 0 && fromEmail === null) return null;

  return (
    <div className="grid gap-3">
      {fromEmail ? (
        <p className="flex flex-wrap items-center gap-1.5 text-sm">
          <Mail className="size-4 text-muted-foreground" aria-hidden="true" />
          <span className="text-muted-foreground">{t('documents.email.from')}</span>
          <Link
            to="/organizations/$organizationId/documents/$documentId"
            params={{ organizationId, documentId: fromEmail.id }}
            className={LINK_CLASS}
          >
            <span className="truncate">{fromEmail.name}</span>
          </Link>
        </p>
      ) : null}
      {attachments.length > 0 ? (
        <section aria-labelledby={headingId} className="grid gap-2">
          <h2 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
            <Paperclip className="size-4 text-muted-foreground" aria-hidden="true" />
            {t('documents.email.attachments')}
            <span className="rounded-full bg-muted px-1.5 text-xs font-medium text-muted-foreground tabular-nums">
              <span className="sr-only">(</span>
              {attachments.length}
              <span className="sr-only">)</span>
            </span>
          </h2>
          <ul className="flex flex-wrap gap-1.5" aria-labelledby={headingId}>
            {attachments.map((attachment) => (
              <li key={attachment.id} className="min-w-0">
                <Link
                  to="/organizations/$organizationId/documents/$documentId"
                  params={{ organizationId, documentId: attachment.id }}
                  className={LINK_CLASS}
                >
                  <FileText className="size-3.5 shrink-0" aria-hidden="true" />
                  <span className="truncate">{attachment.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
