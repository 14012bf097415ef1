import type { IntakeEmailDto } from '@sheaf/contracts/intake-emails';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { Info, MailPlus, MailX } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorCode } from '../../../shared/http/api-error';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { cn } from '../../../shared/ui/cn';
import { useConfirm } from '../../../shared/ui/confirm-dialog';
import { EmptyState } from '../../../shared/ui/empty-state';
import { FormError } from '../../../shared/ui/form-error';
import { PageHeader } from '../../../shared/ui/page-header';
import { Spinner } from '../../../shared/ui/spinner';
import { useConfig } from '../../config/config-context';
import { myMemberQueryOptions } from '../../members/api';
import {
  intakeEmailsQueryOptions,
  usageQueryOptions,
  useCreateIntakeEmail,
  useDeleteIntakeEmail,
  useUpdateIntakeEmail,
} from '../api';
import { IntakeEmailCard } from '../components/intake-email-card';
import { canManageIntakeEmails } from '../permissions';

const routeApi = getRouteApi('/private/organizations/$organizationId/settings/intake-emails');

function IntakeEmailsHeader({ action }: { action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PageHeader
      title={t('intake-emails.title')}
      description={t('intake-emails.description')}
      textClassName="max-w-2xl min-w-0 flex-[1_1_20rem]"
      actions={action ?? null}
    />
  );
}

/** The short "How to use": forward mail from an allowed sender to the address. */
function HowToUse() {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="intake-how-to-title"
      className="grid gap-2 rounded-xl border bg-muted/30 px-4 py-3.5 sm:px-5"
    >
      <h2 id="intake-how-to-title" className="flex items-center gap-2 text-sm font-semibold">
        <Info className="size-4 text-primary" aria-hidden="true" />
        {t('intake-emails.how-to.title')}
      </h2>
      <ol className="grid list-decimal gap-1 pl-5 text-[0.8125rem] text-muted-foreground marker:text-foreground/60">
        <li>{t('intake-emails.how-to.step-create')}</li>
        <li>{t('intake-emails.how-to.step-senders')}</li>
        <li>{t('intake-emails.how-to.step-send')}</li>
      </ol>
      <p className="text-[0.8125rem] text-muted-foreground">{t('intake-emails.how-to.types')}</p>
    </section>
  );
}

/** "2 of 10 addresses on your plan", when subscriptions are on and the plan has a limit. */
function PlanLimit({ organizationId, used }: { organizationId: string; used: number }) {
  const { t } = useTranslation();
  const usage = useQuery(usageQueryOptions(organizationId));
  const limit = usage.data?.usage.intakeEmailsCount.limit ?? null;
  if (limit === null) return null;
  const isReached = used >= limit;
  return (
    <p className={cn('text-[0.8125rem]', isReached ? 'font-medium text-danger' : 'text-muted-foreground')}>
      {t('intake-emails.limit.usage', { used, limit })}
      {isReached ? ` ${t('intake-emails.limit.reached')}` : null}
    </p>
  );
}

/** Deletes an address after a confirmation. */
function useConfirmDeleteIntakeEmail(organizationId: string) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const remove = useDeleteIntakeEmail(organizationId);
  const confirmDelete = async (intakeEmail: IntakeEmailDto) => {
    const isConfirmed = await confirm({
      title: t('intake-emails.delete.title'),
      description: t('intake-emails.delete.description', { address: intakeEmail.emailAddress }),
      confirmLabel: t('intake-emails.delete.confirm'),
    });
    if (!isConfirmed) return;
    try {
      await remove.mutateAsync(intakeEmail.id);
      toast.success(t('intake-emails.delete.success'));
    } catch (error) {
      toast.error(t('intake-emails.delete.failed'), { description: getErrorMessage(error, t) });
    }
  };
  const isDeleting = (intakeEmailId: string) => remove.isPending && remove.variables === intakeEmailId;
  return { confirmDelete, isDeleting };
}

function DisabledState() {
  const { t } = useTranslation();
  return (
    <EmptyState
      icon={MailX}
      title={t('intake-emails.disabled.title')}
      description={t('intake-emails.disabled.description')}
    />
  );
}

/** `/organizations/:id/settings/intake-emails` (spec §2): the organization's intake addresses. */
export function IntakeEmailsPage() {
  const config = useConfig();
  if (!config.intakeEmails.isEnabled) {
    return (
      <div className="grid max-w-3xl gap-6">
        <IntakeEmailsHeader />
        <DisabledState />
      </div>
    );
  }
  return <EnabledIntakeEmailsPage isSubscriptionsEnabled={config.isSubscriptionsEnabled} />;
}

function EnabledIntakeEmailsPage({ isSubscriptionsEnabled }: { isSubscriptionsEnabled: boolean }) {
  const { t } = useTranslation();
  const { organizationId } = routeApi.useParams();
  const queryClient = useQueryClient();
  const me = useQuery(myMemberQueryOptions(organizationId));
  const canManage = me.data ? canManageIntakeEmails(me.data.role) : false;
  const intakeEmails = useQuery(intakeEmailsQueryOptions(organizationId));
  const create = useCreateIntakeEmail(organizationId);
  const update = useUpdateIntakeEmail(organizationId);
  const { confirmDelete, isDeleting } = useConfirmDeleteIntakeEmail(organizationId);
  const count = intakeEmails.data?.length ?? 0;

  const onCreate = async () => {
    try {
      const created = await create.mutateAsync();
      toast.success(t('intake-emails.create.success', { address: created.emailAddress }));
    } catch (error) {
      // Spec §8: creation errors show as a toast (the plan's limit, for one).
      toast.error(t('intake-emails.create.failed'), { description: getErrorMessage(error, t) });
    }
  };

  const onToggle = async (intakeEmail: IntakeEmailDto, isEnabled: boolean) => {
    try {
      await update.mutateAsync({ intakeEmailId: intakeEmail.id, input: { isEnabled } });
      toast.success(t(isEnabled ? 'intake-emails.list.enabled-toast' : 'intake-emails.list.disabled-toast'));
    } catch (error) {
      toast.error(t('intake-emails.list.update-failed'), { description: getErrorMessage(error, t) });
    }
  };

  const saveSenders = async (
    intakeEmail: IntakeEmailDto,
    allowedOrigins: string[],
    change: { added?: string; removed?: string },
  ): Promise<boolean> => {
    try {
      await update.mutateAsync({ intakeEmailId: intakeEmail.id, input: { allowedOrigins } });
    } catch (error) {
      toast.error(t('intake-emails.senders.save-failed'), { description: getErrorMessage(error, t) });
      return false;
    }
    if (change.added) {
      toast.success(t('intake-emails.senders.added', { email: change.added }));
    } else if (change.removed) {
      const removed = change.removed;
      toast.success(t('intake-emails.senders.removed', { email: removed }), {
        action: {
          label: t('intake-emails.senders.undo'),
          onClick: () => {
            const current = queryClient
              .getQueryData(intakeEmailsQueryOptions(organizationId).queryKey)
              ?.find((item) => item.id === intakeEmail.id);
            const origins = current?.allowedOrigins ?? allowedOrigins;
            if (!origins.includes(removed)) void saveSenders(intakeEmail, [...origins, removed], {});
          },
        },
      });
    }
    return true;
  };

  const createButton = (
    <Button isLoading={create.isPending} onClick={() => void onCreate()}>
      {create.isPending ? null : <MailPlus aria-hidden="true" />}
      {t('intake-emails.create.button')}
    </Button>
  );

  const isDisabledByServer =
    intakeEmails.isError && getErrorCode(intakeEmails.error) === 'intake_emails.disabled';

  return (
    <div className="grid max-w-3xl gap-6">
      <IntakeEmailsHeader
        action={canManage && count > 0 && !intakeEmails.isError ? createButton : undefined}
      />
      {isDisabledByServer ? (
        <DisabledState />
      ) : (
        <>
          {/* Before any address, the how-to leads; once there are some, the list does. */}
          {count === 0 ? <HowToUse /> : null}
          {intakeEmails.isPending || me.isPending ? (
            <div className="flex justify-center py-10 text-primary">
              <Spinner size="lg" />
            </div>
          ) : intakeEmails.isError ? (
            <div className="grid justify-items-start gap-3">
              <FormError>{getErrorMessage(intakeEmails.error, t)}</FormError>
              <Button variant="outline" onClick={() => void intakeEmails.refetch()}>
                {t('common.retry')}
              </Button>
            </div>
          ) : (
            <div className="grid gap-3">
              {canManage ? null : (
                <p className="text-[0.8125rem] text-muted-foreground">{t('intake-emails.read-only')}</p>
              )}
              {isSubscriptionsEnabled ? <PlanLimit organizationId={organizationId} used={count} /> : null}
              {count > 0 ? (
                <ul className="grid gap-4" aria-label={t('intake-emails.list.label')}>
                  {intakeEmails.data.map((intakeEmail) => (
                    <li key={intakeEmail.id}>
                      <IntakeEmailCard
                        intakeEmail={intakeEmail}
                        organizationId={organizationId}
                        canManage={canManage}
                        onToggle={(target, isEnabled) => void onToggle(target, isEnabled)}
                        onDelete={(target) => void confirmDelete(target)}
                        onSaveSenders={saveSenders}
                        isToggling={
                          update.isPending &&
                          update.variables?.intakeEmailId === intakeEmail.id &&
                          update.variables.input.isEnabled !== undefined
                        }
                        isSavingSenders={
                          update.isPending &&
                          update.variables?.intakeEmailId === intakeEmail.id &&
                          update.variables.input.allowedOrigins !== undefined
                        }
                        isDeleting={isDeleting(intakeEmail.id)}
                      />
                    </li>
                  ))}
                </ul>
              ) : (
                <EmptyState
                  icon={MailPlus}
                  title={t('intake-emails.empty.title')}
                  description={
                    canManage
                      ? t('intake-emails.empty.description')
                      : t('intake-emails.empty.description-member')
                  }
                  action={canManage ? createButton : undefined}
                />
              )}
            </div>
          )}
          {count > 0 ? <HowToUse /> : null}
        </>
      )}
    </div>
  );
}
