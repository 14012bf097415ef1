import {
  isTaggingRuleRunFinished,
  type TaggingRuleDto,
  type TaggingRuleRunDto,
} from '@sheaf/contracts/tagging-rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { CircleAlert, CircleCheck, ListChecks, Pencil, Play, Plus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { useDateFormatter } from '../../../shared/format/date';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Badge } from '../../../shared/ui/badge';
import { Button } from '../../../shared/ui/button';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { QueryStates } from '../../../shared/ui/query-states';
import { Spinner } from '../../../shared/ui/spinner';
import { Switch } from '../../../shared/ui/switch';
import { TagBadge } from '../../../shared/ui/tag-badge';
import { membersQueryOptions } from '../../members/api';
import { organizationQueryKey } from '../../organizations/api';
import { propertiesQueryOptions } from '../../properties/api';
import { usePropertyValueFormatter } from '../../properties/format';
import {
  isTaggingRuleRunActive,
  taggingRulesQueryOptions,
  toTaggingRuleInput,
  useApplyTaggingRule,
  useDeleteTaggingRule,
  useUpdateTaggingRule,
} from '../api';
import { describeConditions, type PropertyDescriptions } from '../conditions-summary';

const organizationRouteApi = getRouteApi('/private/organizations/$organizationId');

function CreateRuleButton({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  return (
    <Button asChild>
      <Link to="/organizations/$organizationId/tagging-rules/create" params={{ organizationId }}>
        <Plus aria-hidden="true" />
        {t('tagging-rules.list.create')}
      </Link>
    </Button>
  );
}

/** The latest run of the rule over existing documents: progress while it goes on, then its outcome. */
function RuleRunStatus({ run, setsProperties }: { run: TaggingRuleRunDto; setsProperties: boolean }) {
  const { t } = useTranslation();
  const { formatRelative, formatDateTime } = useDateFormatter();
  if (!isTaggingRuleRunFinished(run))
    return (
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Spinner size="sm" decorative />
        {run.status === 'pending'
          ? t('tagging-rules.runs.pending')
          : t('tagging-rules.runs.running', { count: run.processedDocumentsCount })}
      </p>
    );
  const finishedAt = run.finishedAt ?? run.createdAt;
  const time = formatRelative(finishedAt);
  return run.status === 'succeeded' ? (
    <p className="flex items-center gap-1.5 text-xs text-muted-foreground" title={formatDateTime(finishedAt)}>
      <CircleCheck className="size-3.5 shrink-0 text-success" aria-hidden="true" />
      {t(setsProperties ? 'tagging-rules.runs.succeeded-updated' : 'tagging-rules.runs.succeeded', {
        count: run.taggedDocumentsCount,
        time,
      })}
    </p>
  ) : (
    <p className="flex items-center gap-1.5 text-xs text-danger" title={formatDateTime(finishedAt)}>
      <CircleAlert className="size-3.5 shrink-0" aria-hidden="true" />
      {t('tagging-rules.runs.failed', { time })}
    </p>
  );
}

type RuleCardProps = {
  rule: TaggingRuleDto;
  properties: PropertyDescriptions;
  organizationId: string;
  onToggle: (rule: TaggingRuleDto, enabled: boolean) => void;
  onApply: (rule: TaggingRuleDto) => void;
  onDelete: (rule: TaggingRuleDto) => void;
  isToggling: boolean;
  isApplying: boolean;
  isDeleting: boolean;
};

function RuleCard({
  rule,
  properties,
  organizationId,
  onToggle,
  onApply,
  onDelete,
  isToggling,
  isApplying,
  isDeleting,
}: RuleCardProps) {
  const { t, i18n } = useTranslation();
  const titleId = `tagging-rule-${rule.id}-title`;
  const summary = describeConditions({
    conditions: rule.conditions,
    conditionMatchMode: rule.conditionMatchMode,
    t,
    language: i18n.language,
    properties,
  });
  // Actions of properties deleted since are gone from the rule; a property not loaded yet waits.
  const propertyValues = rule.setProperties.flatMap(({ propertyId, value }) => {
    const definition = properties.definitions.get(propertyId);
    return definition
      ? [{ propertyId, name: definition.name, value: properties.formatValue(definition, value) }]
      : [];
  });

  return (
    <article
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-xl border bg-surface p-4 sm:flex-row sm:items-start sm:gap-4 sm:p-5"
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <div className="hidden size-9 shrink-0 items-center justify-center rounded-lg border bg-muted/60 text-muted-foreground sm:flex">
          <ListChecks className="size-4.5" aria-hidden="true" />
        </div>
        <div className="grid min-w-0 flex-1 gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <h2
              id={titleId}
              className="min-w-0 text-[0.9375rem] font-semibold leading-snug [overflow-wrap:anywhere]"
            >
              {rule.name}
            </h2>
            {rule.enabled ? null : <Badge variant="secondary">{t('tagging-rules.list.disabled')}</Badge>}
          </div>
          {rule.description ? (
            <p className="text-sm text-muted-foreground [overflow-wrap:anywhere]">{rule.description}</p>
          ) : null}
          <p className="text-[0.8125rem] text-foreground/80 [overflow-wrap:anywhere]">
            <span className="font-medium">
              {t('tagging-rules.list.conditions-count', { count: rule.conditions.length })}
            </span>
            <span aria-hidden="true" className="px-1.5 text-muted-foreground">
              ·
            </span>
            {summary}
          </p>
          {rule.actions.length > 0 || rule.setProperties.length === 0 ? (
            <div className="flex flex-wrap items-center gap-1.5 pt-0.5">
              <span className="text-xs text-muted-foreground">{t('tagging-rules.list.adds-tags')}</span>
              <ul
                className="flex flex-wrap items-center gap-1.5"
                aria-label={t('tagging-rules.list.tags-label')}
              >
                {rule.actions.map((action) => (
                  <li key={action.tagId} className="max-w-full">
                    <TagBadge tag={action.tag} />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {propertyValues.length > 0 ? (
            <div className="flex flex-wrap items-center gap-1.5 pt-0.5">
              <span className="text-xs text-muted-foreground">{t('tagging-rules.list.sets-properties')}</span>
              <ul
                className="flex flex-wrap items-center gap-1.5"
                aria-label={t('tagging-rules.list.properties-label')}
              >
                {propertyValues.map(({ propertyId, name, value }) => (
                  <li key={propertyId} className="max-w-full">
                    <Badge variant="secondary" className="max-w-full [overflow-wrap:anywhere]">
                      {t('tagging-rules.list.property-value', { name, value })}
                    </Badge>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <div role="status" className="empty:hidden">
            {rule.latestRun ? (
              <RuleRunStatus run={rule.latestRun} setsProperties={rule.setProperties.length > 0} />
            ) : null}
          </div>
        </div>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2 border-t pt-3 sm:border-t-0 sm:pt-0">
        {/* Busy rather than disabled while saving: a disabled control would drop the keyboard focus. */}
        <Switch
          checked={rule.enabled}
          aria-disabled={isToggling || undefined}
          aria-busy={isToggling || undefined}
          onCheckedChange={(enabled) => {
            if (!isToggling) onToggle(rule, enabled);
          }}
          aria-label={t('tagging-rules.list.enabled-label', { name: rule.name })}
          className="mr-1"
        />
        <Button
          variant="outline"
          size="sm"
          isLoading={isApplying}
          onClick={() => onApply(rule)}
          aria-label={t('tagging-rules.list.apply-label', { name: rule.name })}
        >
          {isApplying ? null : <Play aria-hidden="true" />}
          <span className="sm:hidden">{t('tagging-rules.apply.confirm')}</span>
          <span className="hidden sm:inline">{t('tagging-rules.list.apply')}</span>
        </Button>
        <div className="ml-auto flex items-center gap-2 sm:ml-0">
          <Button variant="outline" size="icon-sm" asChild>
            <Link
              to="/organizations/$organizationId/tagging-rules/$taggingRuleId"
              params={{ organizationId, taggingRuleId: rule.id }}
              aria-label={t('tagging-rules.list.edit-label', { name: rule.name })}
            >
              <Pencil aria-hidden="true" />
            </Link>
          </Button>
          <Button
            variant="outline"
            size="icon-sm"
            isLoading={isDeleting}
            onClick={() => onDelete(rule)}
            aria-label={t('tagging-rules.list.delete-label', { name: rule.name })}
            className="text-danger hover:text-danger"
          >
            {isDeleting ? null : <Trash2 aria-hidden="true" />}
          </Button>
        </div>
      </div>
    </article>
  );
}

/** Tagging rules (spec §2): title, description, create button, empty state, and one card per rule. */
export function TaggingRulesPage() {
  const { t } = useTranslation();
  const { organizationId } = organizationRouteApi.useParams();
  const confirm = useConfirm();
  const rules = useQuery(taggingRulesQueryOptions(organizationId));
  const propertyList = useQuery(propertiesQueryOptions(organizationId));
  const definitions = useMemo(
    () => new Map((propertyList.data ?? []).map((property) => [property.id, property])),
    [propertyList.data],
  );
  // Member names only when a rule reads or sets a member property.
  const needsMembers = (rules.data ?? []).some(
    (rule) =>
      rule.setProperties.some(({ propertyId }) => definitions.get(propertyId)?.type === 'member') ||
      rule.conditions.some(
        (condition) =>
          condition.field === 'property' && definitions.get(condition.propertyId)?.type === 'member',
      ),
  );
  const members = useQuery({ ...membersQueryOptions(organizationId), enabled: needsMembers });
  const { format } = usePropertyValueFormatter((userId) => {
    const member = members.data?.find(({ user }) => user.id === userId);
    return member ? member.user.name || member.user.email : undefined;
  });
  const properties: PropertyDescriptions = { definitions, formatValue: format };
  const update = useUpdateTaggingRule(organizationId);
  const apply = useApplyTaggingRule(organizationId);
  const remove = useDeleteTaggingRule(organizationId);
  const hasRules = (rules.data?.length ?? 0) > 0;
  const queryClient = useQueryClient();
  // Runs started from this page: a toast tells how each ended (the list polls while they go on).
  const watchedRunIds = useRef(new Set<string>());

  useEffect(() => {
    for (const { latestRun: run, setProperties } of rules.data ?? []) {
      if (!run || !isTaggingRuleRunFinished(run) || !watchedRunIds.current.delete(run.id)) continue;
      if (run.status === 'succeeded') {
        toast.success(
          t(
            setProperties.length > 0 ? 'tagging-rules.apply.success-updated' : 'tagging-rules.apply.success',
            {
              count: run.taggedDocumentsCount,
            },
          ),
        );
        // Documents and tag counts changed.
        if (run.taggedDocumentsCount > 0)
          void queryClient.invalidateQueries({ queryKey: organizationQueryKey(organizationId) });
      } else {
        toast.error(t('tagging-rules.apply.failed'));
      }
    }
  }, [rules.data, t, queryClient, organizationId]);

  const onToggle = async (rule: TaggingRuleDto, enabled: boolean) => {
    try {
      await update.mutateAsync({
        taggingRuleId: rule.id,
        input: { ...toTaggingRuleInput(rule), enabled },
      });
      toast.success(t(enabled ? 'tagging-rules.list.enabled-toast' : 'tagging-rules.list.disabled-toast'));
    } catch (error) {
      toast.error(t('tagging-rules.form.update-failed'), { description: getErrorMessage(error, t) });
    }
  };

  const onApply = async (rule: TaggingRuleDto) => {
    const confirmed = await confirm({
      title: t('tagging-rules.apply.title'),
      description: t(
        rule.setProperties.length > 0
          ? 'tagging-rules.apply.description-properties'
          : 'tagging-rules.apply.description',
        { name: rule.name },
      ),
      confirmLabel: t('tagging-rules.apply.confirm'),
      isDestructive: false,
    });
    if (!confirmed) return;
    try {
      const run = await apply.mutateAsync(rule.id);
      watchedRunIds.current.add(run.id);
    } catch (error) {
      toast.error(t('tagging-rules.apply.failed'), { description: getErrorMessage(error, t) });
    }
  };

  const onDelete = async (rule: TaggingRuleDto) => {
    const confirmed = await confirm({
      title: t('tagging-rules.delete.title'),
      description: t('tagging-rules.delete.description', { name: rule.name }),
      confirmLabel: t('tagging-rules.delete.confirm'),
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(rule.id);
      toast.success(t('tagging-rules.delete.success'));
    } catch (error) {
      toast.error(t('tagging-rules.delete.failed'), { description: getErrorMessage(error, t) });
    }
  };

  return (
    <div className="grid gap-6">
      <PageHeader
        title={t('tagging-rules.title')}
        description={t('tagging-rules.list.description')}
        textClassName="max-w-2xl"
        actions={hasRules ? <CreateRuleButton organizationId={organizationId} /> : null}
      />
      <QueryStates
        query={rules}
        isEmpty={(data) => data.length === 0}
        empty={
          <EmptyState
            icon={ListChecks}
            title={t('tagging-rules.empty.title')}
            description={t('tagging-rules.empty.description')}
            action={<CreateRuleButton organizationId={organizationId} />}
          />
        }
      >
        {(data) => (
          <ul className="grid gap-3" aria-label={t('tagging-rules.list.label')}>
            {data.map((rule) => (
              <li key={rule.id}>
                <RuleCard
                  rule={rule}
                  properties={properties}
                  organizationId={organizationId}
                  onToggle={(target, enabled) => void onToggle(target, enabled)}
                  onApply={(target) => void onApply(target)}
                  onDelete={(target) => void onDelete(target)}
                  isToggling={update.isPending && update.variables?.taggingRuleId === rule.id}
                  isApplying={
                    (apply.isPending && apply.variables === rule.id) || isTaggingRuleRunActive(rule.latestRun)
                  }
                  isDeleting={remove.isPending && remove.variables === rule.id}
                />
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </div>
  );
}
