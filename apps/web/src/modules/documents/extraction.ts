import {
  EXTRACTION_ERROR_CODES,
  type ExtractionErrorCode,
  type ExtractionErrorDto,
  type ExtractionStatus,
} from '@sheaf/contracts/documents';
import { useTranslation } from 'react-i18next';

/** How often an open document (its page, an import panel row) is looked at again while its text is extracted. */
export const DOCUMENT_EXTRACTION_POLL_MS = 1500;
/** How often a documents list is looked at again while one of its rows is being extracted. */
export const LIST_EXTRACTION_POLL_MS = 4000;

/** Whether an extraction is queued or running (its result is still to come). */
export function isExtractionRunning(status: ExtractionStatus | undefined): boolean {
  return status === 'pending' || status === 'processing';
}

const KNOWN_CODES: ReadonlySet<string> = new Set(EXTRACTION_ERROR_CODES);

function isKnownCode(code: string): code is ExtractionErrorCode {
  return KNOWN_CODES.has(code);
}

/**
 * Why an extraction failed, readable: the translated message of its code (`extraction-errors.<code>`),
 * else the server's own message, else the generic failure.
 */
export function useExtractionErrorMessage() {
  const { t } = useTranslation();
  return (error: ExtractionErrorDto | null | undefined): string => {
    if (error && isKnownCode(error.code)) {
      return t(`extraction-errors.${error.code}`);
    }
    const message = error?.message.trim();
    return message ? message : t('extraction-errors.extraction.failed');
  };
}
