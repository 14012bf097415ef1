import { Download, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { CopyButton } from '../../../shared/ui/copy-button';
import { BACKUP_CODES_FILE_NAME, backupCodesFileText, downloadTextFile } from '../second-factor';

/**
 * The backup codes, shown once: each works once in place of an authenticator's code. Copy puts them
 * all on the clipboard, one a line; Download saves the same as a .txt file.
 */
export function BackupCodes({
  codes,
  replacedOld = false,
}: {
  codes: readonly string[];
  replacedOld?: boolean;
}) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  const listLabel = t('users.settings.two-factor.backup-codes.list-label');

  return (
    <div className="grid gap-4">
      <div className="flex items-start gap-2.5 rounded-lg border border-warning/40 bg-warning/10 px-3.5 py-3 text-sm">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-warning" aria-hidden="true" />
        <div className="grid gap-1">
          <p>{t('users.settings.two-factor.backup-codes.shown-once')}</p>
          {replacedOld ? <p>{t('users.settings.two-factor.backup-codes.old-codes-stop')}</p> : null}
        </div>
      </div>
      <ul
        aria-label={listLabel}
        className="grid grid-cols-2 gap-x-6 gap-y-1.5 rounded-lg border bg-muted/40 px-4 py-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code} className="tracking-wider">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <CopyButton text={text} label={t('users.settings.two-factor.backup-codes.copy')} size="sm" />
        <Button
          variant="outline"
          size="sm"
          onClick={() =>
            downloadTextFile(
              backupCodesFileText(codes, t('users.settings.two-factor.backup-codes.file-heading')),
              BACKUP_CODES_FILE_NAME,
            )
          }
        >
          <Download aria-hidden="true" />
          {t('users.settings.two-factor.backup-codes.download')}
        </Button>
      </div>
    </div>
  );
}
