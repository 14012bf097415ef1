import type { TaggingRuleInput } from '@sheaf/contracts/tagging-rules';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { ListChecks } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { isApiError } from '../../../shared/http/api-error';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { getCurrentLocale } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FormError } from '../../../shared/ui/form-error';
import { PageHeader } from '../../../shared/ui/page-header';
import { Spinner } from '../../../shared/ui/spinner';
import { taggingRuleQueryOptions, useUpdateTaggingRule } from '../api';
import { BackToTaggingRules } from '../components/back-to-tagging-rules';
import { TaggingRuleForm } from '../components/tagging-rule-form';
import { taggingRuleToFormValues } from '../rule-drafts';

const routeApi = getRouteApi('/private/organizations/$organizationId/tagging-rules/$taggingRuleId');

/** `/organizations/:id/tagging-rules/:taggingRuleId` */
export function EditTaggingRulePage() {
  const { t, i18n } = useTranslation();
  const { organizationId, taggingRuleId } = routeApi.useParams();
  const navigate = useNavigate();
  const rule = useQuery(taggingRuleQueryOptions(organizationId, taggingRuleId));
  const update = useUpdateTaggingRule(organizationId);

  const onSubmit = async (input: TaggingRuleInput) => {
    try {
      await update.mutateAsync({ taggingRuleId, input });
      toast.success(t('tagging-rules.form.updated'));
      await navigate({ to: '/organizations/$organizationId/tagging-rules', params: { organizationId } });
    } catch (error) {
      toast.error(t('tagging-rules.form.update-failed'), { description: getErrorMessage(error, t) });
    }
  };

  let content: ReactNode;
  if (rule.isPending) {
    content = (
      <div className="flex justify-center py-10 text-primary">
        <Spinner size="lg" />
      </div>
    );
  } else if (rule.isError) {
    content =
      isApiError(rule.error) && rule.error.status === 404 ? (
        <EmptyState
          icon={ListChecks}
          title={t('tagging-rules.form.not-found-title')}
          description={t('tagging-rules.form.not-found-description')}
          action={
            <Button variant="outline" asChild>
              <Link to="/organizations/$organizationId/tagging-rules" params={{ organizationId }}>
                {t('tagging-rules.form.back')}
              </Link>
            </Button>
          }
        />
      ) : (
        <div className="grid justify-items-start gap-3">
          <FormError>{getErrorMessage(rule.error, t)}</FormError>
          <Button variant="outline" onClick={() => void rule.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      );
  } else {
    content = (
      <TaggingRuleForm
        key={rule.data.id}
        organizationId={organizationId}
        defaultValues={taggingRuleToFormValues(rule.data, { locale: getCurrentLocale(i18n) })}
        submitLabel={t('tagging-rules.form.update-submit')}
        onSubmit={onSubmit}
      />
    );
  }

  return (
    <div className="grid max-w-3xl gap-5">
      <BackToTaggingRules organizationId={organizationId} />
      <PageHeader
        title={t('tagging-rules.form.update-title')}
        description={t('tagging-rules.form.update-description')}
      />
      {content}
    </div>
  );
}
