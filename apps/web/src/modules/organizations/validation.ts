import { ORGANIZATION_NAME_MAX_LENGTH, ORGANIZATION_NAME_MIN_LENGTH } from '@sheaf/contracts/limits';
import { organizationNameSchema } from '@sheaf/contracts/organizations';
import { isControlCharactersIssue } from '@sheaf/contracts/text';
import type { TFunction } from 'i18next';
import type { FieldErrors, Resolver, ResolverResult } from 'react-hook-form';

export type OrganizationNameValues = { name: string };

/** The translated message of an organization-name issue (spec §5), keyed by the shared schema's issue code. */
export function organizationNameIssueMessage(code: string, t: TFunction): string {
  if (code === 'too_big') {
    return t('organizations.form.name-max', { max: ORGANIZATION_NAME_MAX_LENGTH });
  }
  if (code === 'too_small') {
    return t('organizations.form.name-min', { min: ORGANIZATION_NAME_MIN_LENGTH });
  }
  return t('organizations.form.name-required');
}

/**
 * A react-hook-form resolver that validates with the shared `organizationNameSchema` (trimmed, 3 to 50)
 * and shows translated messages instead of the schema's English ones.
 */
export function organizationNameResolver(t: TFunction): Resolver<OrganizationNameValues> {
  return async (values): Promise<ResolverResult<OrganizationNameValues>> => {
    const result = organizationNameSchema.safeParse(values.name);
    if (result.success) {
      return { values: { name: result.data }, errors: {} };
    }
    const issue = result.error.issues[0];
    const code = issue?.code ?? 'custom';
    const message =
      issue && isControlCharactersIssue(issue)
        ? t('common.control-characters')
        : organizationNameIssueMessage(code, t);
    const errors: FieldErrors<OrganizationNameValues> = { name: { type: code, message } };
    return { values: {}, errors };
  };
}
