import type { TaggingRuleInput } from '@sheaf/contracts/tagging-rules';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { useCreateTaggingRule } from '../api';
import { BackToTaggingRules } from '../components/back-to-tagging-rules';
import { TaggingRuleForm } from '../components/tagging-rule-form';
import { EMPTY_TAGGING_RULE_FORM } from '../rule-drafts';

const routeApi = getRouteApi('/private/organizations/$organizationId/tagging-rules/create');

/** `/organizations/:id/tagging-rules/create` */
export function CreateTaggingRulePage() {
  const { t } = useTranslation();
  const { organizationId } = routeApi.useParams();
  const navigate = useNavigate();
  const create = useCreateTaggingRule(organizationId);

  const onSubmit = async (input: TaggingRuleInput) => {
    try {
      await create.mutateAsync(input);
      toast.success(t('tagging-rules.form.created'));
      await navigate({ to: '/organizations/$organizationId/tagging-rules', params: { organizationId } });
    } catch (error) {
      toast.error(t('tagging-rules.form.create-failed'), { description: getErrorMessage(error, t) });
    }
  };

  return (
    <div className="grid max-w-3xl gap-5">
      <BackToTaggingRules organizationId={organizationId} />
      <div className="grid gap-1 border-b pb-4">
        <h1 className="text-xl font-semibold tracking-tight">{t('tagging-rules.form.create-title')}</h1>
        <p className="text-sm text-muted-foreground">{t('tagging-rules.form.create-description')}</p>
      </div>
      <TaggingRuleForm
        organizationId={organizationId}
        defaultValues={EMPTY_TAGGING_RULE_FORM}
        submitLabel={t('tagging-rules.form.create-submit')}
        onSubmit={onSubmit}
      />
    </div>
  );
}
