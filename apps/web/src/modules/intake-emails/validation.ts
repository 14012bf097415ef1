import {
  allowedOriginsSchema,
  isAllowedOriginExistsIssue,
  newAllowedOriginSchema,
} from '@sheaf/contracts/intake-emails';
import { INTAKE_EMAIL_ALLOWED_ORIGINS_MAX_COUNT } from '@sheaf/contracts/limits';
import { EMAIL_ADDRESS_MAX_LENGTH } from '@sheaf/contracts/text';
import type { TFunction } from 'i18next';

export type AddAllowedSenderResult =
  | { success: true; allowedOrigins: string[] }
  | { success: false; message: string };

/**
 * Checks a sender typed into the "add" field against the shared schemas (spec §5): a valid e-mail
 * address, not in the list yet ('exists'), and room left in the list. Answers the new list, or a
 * translated message.
 */
export function addAllowedSender(
  current: readonly string[],
  typed: string,
  t: TFunction,
): AddAllowedSenderResult {
  const parsed = newAllowedOriginSchema(current).safeParse(typed);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue && isAllowedOriginExistsIssue(issue)) {
      return { success: false, message: t('intake-emails.senders.exists') };
    }
    if (issue?.code === 'too_small' || typed.trim() === '') {
      return { success: false, message: t('intake-emails.senders.required') };
    }
    if (issue?.code === 'too_big') {
      return {
        success: false,
        message: t('intake-emails.senders.too-long', { max: EMAIL_ADDRESS_MAX_LENGTH }),
      };
    }
    return { success: false, message: t('intake-emails.senders.invalid') };
  }
  const next = allowedOriginsSchema.safeParse([...current, parsed.data]);
  if (!next.success) {
    return {
      success: false,
      message: t('intake-emails.senders.max', { max: INTAKE_EMAIL_ALLOWED_ORIGINS_MAX_COUNT }),
    };
  }
  return { success: true, allowedOrigins: next.data };
}
