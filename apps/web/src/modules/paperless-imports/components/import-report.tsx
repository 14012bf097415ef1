import type { PaperlessImportReport, PaperlessImportSummary } from '@sheaf/contracts/paperless-imports';
import { Link } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../shared/ui/badge';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../shared/ui/table';
import { formatCount } from '../format';
import { ShowMoreList } from './show-more-list';

const IMPORTED_KINDS = [
  'documents',
  'tags',
  'properties',
  'propertyValues',
  'notes',
  'savedViews',
  'taggingRules',
] as const satisfies readonly (keyof PaperlessImportSummary['imported'])[];

/**
 * Why an item was skipped, in the user's language: from its code and parameters; a refusal says the
 * error of the catalogue it was refused with.
 */
function skipReasonText(item: PaperlessImportReport['skipped'][number], t: TFunction) {
  if (item.code === 'refused') {
    const key = `api-errors.${item.params.code}`;
    const message = t(key);
    return t('paperless-imports.report.skipped.reasons.refused', {
      message: message === key ? item.params.message : message,
    });
  }
  return t(`paperless-imports.report.skipped.reasons.${item.code}`, item.params);
}

/** A section of the report: a heading with its count, then its content. */
function ReportSection({
  id,
  title,
  count,
  description,
  children,
}: {
  id: string;
  title: string;
  count?: number;
  description?: string;
  children: ReactNode;
}) {
  const { i18n } = useTranslation();
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <div className="grid gap-0.5">
        <h2 id={id} className="flex items-center gap-2 text-[0.9375rem] font-semibold">
          {title}
          {count === undefined ? null : (
            <Badge variant="secondary" className="tabular-nums">
              {formatCount(count, i18n.language)}
            </Badge>
          )}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** What the import created, kind by kind. */
export function ImportedCounts({ summary }: { summary: PaperlessImportSummary }) {
  const { t, i18n } = useTranslation();
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {IMPORTED_KINDS.map((kind) => (
        <div key={kind} className="grid gap-0.5 rounded-xl border bg-surface px-4 py-3">
          <dt className="text-xs text-muted-foreground">{t(`paperless-imports.report.kinds.${kind}`)}</dt>
          <dd className="text-lg font-semibold tabular-nums">
            {formatCount(summary.imported[kind], i18n.language)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

const monoCell = 'font-mono text-xs [overflow-wrap:anywhere]';

/** The documents of the import, each a link to the Sheaf document. */
function DocumentsSection({
  organizationId,
  report,
}: {
  organizationId: string;
  report: PaperlessImportReport;
}) {
  const { t } = useTranslation();
  const title = t('paperless-imports.report.documents.title');
  return (
    <ReportSection id="report-documents" title={title} count={report.documents.length}>
      {report.documents.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('paperless-imports.report.documents.empty')}</p>
      ) : (
        <ShowMoreList items={report.documents} label={title}>
          {(shown) => (
            <ul aria-labelledby="report-documents" className="divide-y rounded-xl border bg-surface">
              {shown.map((document) => (
                <li
                  key={document.paperlessId}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5"
                >
                  <Link
                    to="/organizations/$organizationId/documents/$documentId"
                    params={{ organizationId, documentId: document.documentId }}
                    className="min-w-0 flex-1 rounded-sm text-sm font-medium outline-none [overflow-wrap:anywhere] hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {document.name}
                  </Link>
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {t('paperless-imports.report.paperless-id', { id: document.paperlessId })}
                  </span>
                  <Badge variant={document.outcome === 'imported' ? 'default' : 'outline'}>
                    {t(`paperless-imports.report.documents.outcomes.${document.outcome}`)}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </ShowMoreList>
      )}
    </ReportSection>
  );
}

/** Everything the import left out on purpose or could not read: each list shown only when it has items. */
function ProblemsSections({ report }: { report: PaperlessImportReport }) {
  const { t } = useTranslation();
  const skippedTitle = t('paperless-imports.report.skipped.title');
  const mismatchesTitle = t('paperless-imports.report.checksums.title');
  const missingTitle = t('paperless-imports.report.missing.title');
  const overLimitTitle = t('paperless-imports.report.over-limit.title');
  const itemName = (name: string | null, paperlessId: number | null) =>
    name ?? (paperlessId === null ? '—' : t('paperless-imports.report.paperless-id', { id: paperlessId }));
  return (
    <>
      {report.skipped.length > 0 ? (
        <ReportSection
          id="report-skipped"
          title={skippedTitle}
          count={report.skipped.length}
          description={t('paperless-imports.report.skipped.description')}
        >
          <ShowMoreList items={report.skipped} label={skippedTitle}>
            {(shown) => (
              <Table aria-labelledby="report-skipped">
                <TableHeader>
                  <TableRow>
                    <TableHead scope="col" className="hidden sm:table-cell">
                      {t('paperless-imports.report.columns.kind')}
                    </TableHead>
                    <TableHead scope="col">{t('paperless-imports.report.columns.name')}</TableHead>
                    <TableHead scope="col">{t('paperless-imports.report.columns.reason')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {shown.map((item) => (
                    <TableRow key={`${item.kind}-${item.paperlessId ?? item.name}-${item.reason}`}>
                      <TableCell className="hidden whitespace-nowrap sm:table-cell">
                        {t(`paperless-imports.report.skipped.kinds.${item.kind}`)}
                      </TableCell>
                      <TableCell className="min-w-[7rem] [overflow-wrap:break-word]">
                        <span className="font-medium">{itemName(item.name, item.paperlessId)}</span>
                        <span className="block text-xs text-muted-foreground sm:hidden">
                          {t(`paperless-imports.report.skipped.kinds.${item.kind}`)}
                        </span>
                      </TableCell>
                      <TableCell className="min-w-[10rem] text-muted-foreground [overflow-wrap:break-word]">
                        {skipReasonText(item, t)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </ShowMoreList>
        </ReportSection>
      ) : null}
      {report.checksumMismatches.length > 0 ? (
        <ReportSection
          id="report-checksums"
          title={mismatchesTitle}
          count={report.checksumMismatches.length}
          description={t('paperless-imports.report.checksums.description')}
        >
          <ShowMoreList items={report.checksumMismatches} label={mismatchesTitle}>
            {(shown) => (
              <Table aria-labelledby="report-checksums">
                <TableHeader>
                  <TableRow>
                    <TableHead scope="col">{t('paperless-imports.report.columns.file')}</TableHead>
                    <TableHead scope="col">{t('paperless-imports.report.columns.expected')}</TableHead>
                    <TableHead scope="col">{t('paperless-imports.report.columns.actual')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {shown.map((item) => (
                    <TableRow key={`${item.paperlessId}-${item.file}`}>
                      <TableCell className={monoCell}>{item.file}</TableCell>
                      <TableCell className={monoCell}>{item.expected}</TableCell>
                      <TableCell className={monoCell}>{item.actual}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </ShowMoreList>
        </ReportSection>
      ) : null}
      {report.missingFiles.length > 0 ? (
        <ReportSection
          id="report-missing"
          title={missingTitle}
          count={report.missingFiles.length}
          description={t('paperless-imports.report.missing.description')}
        >
          <ShowMoreList items={report.missingFiles} label={missingTitle}>
            {(shown) => (
              <ul aria-labelledby="report-missing" className="divide-y rounded-xl border bg-surface">
                {shown.map((item) => (
                  <li
                    key={`${item.paperlessId}-${item.file}`}
                    className="flex flex-wrap items-baseline justify-between gap-x-3 px-4 py-2"
                  >
                    <span className={monoCell}>{item.file}</span>
                    <span className="text-xs text-muted-foreground">
                      {t('paperless-imports.report.paperless-id', { id: item.paperlessId })}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </ShowMoreList>
        </ReportSection>
      ) : null}
      {report.overLimit.length > 0 ? (
        <ReportSection
          id="report-over-limit"
          title={overLimitTitle}
          count={report.overLimit.length}
          description={t('paperless-imports.report.over-limit.description')}
        >
          <ShowMoreList items={report.overLimit} label={overLimitTitle}>
            {(shown) => (
              <Table aria-labelledby="report-over-limit">
                <TableHeader>
                  <TableRow>
                    <TableHead scope="col">{t('paperless-imports.report.columns.name')}</TableHead>
                    <TableHead scope="col">{t('paperless-imports.report.columns.limit')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {shown.map((item) => (
                    <TableRow key={item.paperlessId}>
                      <TableCell className="min-w-[8rem] font-medium [overflow-wrap:break-word]">
                        {item.name}
                      </TableCell>
                      <TableCell className="text-muted-foreground">{item.limit}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </ShowMoreList>
        </ReportSection>
      ) : null}
    </>
  );
}

/** What Sheaf has no place for (users, mail rules, workflows…), with how many the export had. */
function NotImportedSection({ report }: { report: PaperlessImportReport }) {
  const { t, i18n } = useTranslation();
  const kinds = report.notImported.filter((item) => item.count > 0);
  if (kinds.length === 0) return null;
  return (
    <ReportSection
      id="report-not-imported"
      title={t('paperless-imports.report.not-imported.title')}
      description={t('paperless-imports.report.not-imported.description')}
    >
      <dl className="grid gap-x-6 gap-y-1.5 rounded-xl border bg-surface px-4 py-3 text-sm sm:grid-cols-2">
        {kinds.map((item) => (
          <div key={item.kind} className="flex items-baseline justify-between gap-3">
            <dt className="text-muted-foreground">
              {t(`paperless-imports.report.not-imported.kinds.${item.kind}`)}
            </dt>
            <dd className="font-medium tabular-nums">{formatCount(item.count, i18n.language)}</dd>
          </div>
        ))}
      </dl>
    </ReportSection>
  );
}

/** The report of an import that has ended: counts, the documents (links), then what needs a look. */
export function ImportReport({
  organizationId,
  report,
}: {
  organizationId: string;
  report: PaperlessImportReport;
}) {
  const { t } = useTranslation();
  const isClean =
    report.skipped.length === 0 &&
    report.checksumMismatches.length === 0 &&
    report.missingFiles.length === 0 &&
    report.overLimit.length === 0;
  return (
    <div className="grid gap-8">
      <ReportSection id="report-imported" title={t('paperless-imports.report.imported-title')}>
        <ImportedCounts summary={report.summary} />
        {isClean ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <CircleCheck className="size-4 shrink-0 text-primary" aria-hidden="true" />
            {t('paperless-imports.report.clean')}
          </p>
        ) : null}
      </ReportSection>
      <ProblemsSections report={report} />
      <DocumentsSection organizationId={organizationId} report={report} />
      <NotImportedSection report={report} />
    </div>
  );
}
