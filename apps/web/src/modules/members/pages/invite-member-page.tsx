import { type InvitationRole, inviteMemberSchema } from '@sheaf/contracts/invitations';
import { INVITATION_ROLES } from '@sheaf/contracts/permissions';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import type { TFunction } from 'i18next';
import { ArrowLeft, Send } from 'lucide-react';
import { useMemo } from 'react';
import { type FieldErrors, type Resolver, type ResolverResult, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { Card, CardContent, CardFooter } from '../../../shared/ui/card';
import { FormField } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../shared/ui/select';
import { useInviteMember } from '../../invitations/api';

const routeApi = getRouteApi('/private/organizations/$organizationId/invite');

type InviteFormValues = { email: string; role: InvitationRole };

/**
 * Validates with the shared `inviteMemberSchema` (spec §5: e-mail required and valid, role member or
 * admin) and shows translated messages instead of the schema's English ones.
 */
export function inviteMemberResolver(t: TFunction): Resolver<InviteFormValues> {
  return async (values): Promise<ResolverResult<InviteFormValues>> => {
    const result = inviteMemberSchema.safeParse(values);
    if (result.success) {
      return { values: result.data, errors: {} };
    }
    const errors: FieldErrors<InviteFormValues> = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (field === 'email' && !errors.email) {
        const isEmpty = issue.code === 'too_small' || issue.code === 'invalid_type';
        errors.email = {
          type: issue.code,
          message: t(isEmpty ? 'members.invite.email-required' : 'members.invite.email-invalid'),
        };
      } else if (field === 'role' && !errors.role) {
        errors.role = { type: issue.code, message: t('members.invite.role-invalid') };
      }
    }
    return { values: {}, errors };
  };
}

/** `/organizations/:id/invite` (owners and admins; the route sends others to the members page). */
export function InviteMemberPage() {
  const { t } = useTranslation();
  const { organizationId } = routeApi.useParams();
  const navigate = useNavigate();
  const invite = useInviteMember(organizationId);
  const resolver = useMemo(() => inviteMemberResolver(t), [t]);
  const form = useForm<InviteFormValues>({
    resolver,
    defaultValues: { email: '', role: 'member' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = form.handleSubmit(async ({ email, role }) => {
    try {
      await invite.mutateAsync({ email, role });
      toast.success(t('members.invite.sent', { email }));
      await navigate({ to: '/organizations/$organizationId/invitations', params: { organizationId } });
    } catch (error) {
      toast.error(t('members.invite.failed'), { description: getErrorMessage(error, t) });
    }
  });

  return (
    <div className="grid max-w-xl gap-6">
      <div>
        <Button variant="ghost" size="sm" className="-ml-2" asChild>
          <Link to="/organizations/$organizationId/members" params={{ organizationId }}>
            <ArrowLeft aria-hidden="true" />
            {t('members.invite.back')}
          </Link>
        </Button>
      </div>
      <div className="grid gap-1 border-b pb-4">
        <h1 className="text-xl font-semibold tracking-tight">{t('members.invite.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('members.invite.description')}</p>
      </div>
      <Card>
        <form onSubmit={onSubmit} noValidate aria-label={t('members.invite.title')}>
          <CardContent className="grid gap-4 pt-5">
            <FormField
              control={form.control}
              name="email"
              label={t('members.invite.email')}
              render={({ field, controlProps }) => (
                <Input
                  {...field}
                  {...controlProps}
                  type="email"
                  autoComplete="off"
                  placeholder={t('members.invite.email-placeholder')}
                />
              )}
            />
            <FormField
              control={form.control}
              name="role"
              label={t('members.invite.role')}
              description={t(`members.invite.role-hint.${form.watch('role')}`)}
              render={({ field, controlProps }) => (
                <Select value={field.value} onValueChange={field.onChange} name={field.name}>
                  <SelectTrigger {...controlProps} onBlur={field.onBlur} ref={field.ref}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {INVITATION_ROLES.map((role) => (
                      <SelectItem key={role} value={role}>
                        {t(`members.roles.${role}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </CardContent>
          <CardFooter className="justify-end">
            <Button type="submit" isLoading={form.formState.isSubmitting}>
              <Send aria-hidden="true" />
              {t('members.invite.submit')}
            </Button>
          </CardFooter>
        </form>
      </Card>
    </div>
  );
}
