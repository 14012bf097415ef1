import { ERROR_CATALOGUE } from '@sheaf/contracts/errors';
import type { PaperlessImportDto } from '@sheaf/contracts/paperless-imports';
import { useTranslation } from 'react-i18next';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { FormError } from '../../../shared/ui/form-error';

/** The catalogue's fixed English message of a code, if it has one. */
function catalogueMessage(code: string): string | undefined {
  const entry = (ERROR_CATALOGUE as Record<string, { message: unknown } | undefined>)[code];
  return typeof entry?.message === 'string' ? entry.message : undefined;
}

/**
 * Why an import failed: the translated message of its error code, then the server's own words when
 * they say more than the catalogue (which manifest, at which position).
 */
export function ImportError({ error }: { error: NonNullable<PaperlessImportDto['error']> }) {
  const { t } = useTranslation();
  const message = getErrorMessage({ data: { error } }, t);
  const detail = error.message.trim();
  const showsDetail = detail !== '' && detail !== catalogueMessage(error.code) && detail !== message;
  return (
    <FormError>
      {message}
      {showsDetail ? (
        <span className="mt-0.5 block font-normal text-muted-foreground [overflow-wrap:anywhere]">
          {detail}
        </span>
      ) : null}
    </FormError>
  );
}
