import { SAVED_VIEW_NAME_MAX_LENGTH } from '@sheaf/contracts/limits';
import { canManageSharedViews, type SavedViewDto, savedViewNameSchema } from '@sheaf/contracts/saved-views';
import { isControlCharactersIssue } from '@sheaf/contracts/text';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useId, useMemo, useState } from 'react';
import { type Resolver, type ResolverResult, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../shared/ui/dialog';
import { FormError } from '../../../shared/ui/form-error';
import { FormField } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';
import type { DocumentsSearch } from '../../documents/search-params';
import { myMemberQueryOptions } from '../../members/api';
import { useCreateSavedView } from '../api';
import { viewPartsOfSearch } from '../view-search';

type NameValues = { name: string };

/** The shared name rule, its messages in the UI language. */
export function viewNameResolver(t: TFunction): Resolver<NameValues> {
  return async (values): Promise<ResolverResult<NameValues>> => {
    const result = savedViewNameSchema.safeParse(values.name);
    if (result.success) return { values: { name: result.data }, errors: {} };
    const issue = result.error.issues[0];
    const message =
      issue && isControlCharactersIssue(issue)
        ? t('common.control-characters')
        : issue?.code === 'too_big'
          ? t('saved-views.save.name-max', { max: SAVED_VIEW_NAME_MAX_LENGTH })
          : t('saved-views.save.name-required');
    return { values: {}, errors: { name: { type: issue?.code ?? 'custom', message } } };
  };
}

function CheckboxRow({
  checked,
  onChange,
  label,
  hint,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  hint?: ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-2.5">
      <Checkbox
        id={id}
        checked={checked}
        onCheckedChange={(value) => onChange(value === true)}
        className="mt-0.5"
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <div className="grid gap-0.5">
        <Label htmlFor={id} className="font-normal">
          {label}
        </Label>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * "Save view": the list's filters, sort and columns under a name; shared with the organization
 * (owners and admins), pinned to the sidebar, made the member's default list.
 */
export function SaveViewDialog({
  organizationId,
  search,
  columns,
  open,
  onOpenChange,
  onSaved,
}: {
  organizationId: string;
  search: DocumentsSearch;
  columns: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved?: (view: SavedViewDto) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateSavedView(organizationId);
  const me = useQuery(myMemberQueryOptions(organizationId));
  const canShare = me.data ? canManageSharedViews(me.data.role) : false;
  const [isShared, setIsShared] = useState(false);
  const [isPinned, setIsPinned] = useState(true);
  const [isDefault, setIsDefault] = useState(false);
  const [formError, setFormError] = useState<string | undefined>();
  const resolver = useMemo(() => viewNameResolver(t), [t]);
  const form = useForm<NameValues>({
    resolver,
    defaultValues: { name: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  useEffect(() => {
    if (open) {
      form.reset({ name: '' });
      setIsShared(false);
      setIsPinned(true);
      setIsDefault(false);
      setFormError(undefined);
    }
  }, [open, form]);

  const onSubmit = form.handleSubmit(async ({ name }) => {
    setFormError(undefined);
    try {
      const view = await create.mutateAsync({
        name,
        visibility: isShared && canShare ? 'organization' : 'personal',
        ...viewPartsOfSearch(search),
        columns: [...columns],
        isPinned,
        isDefault,
      });
      onOpenChange(false);
      toast.success(t('saved-views.save.success', { name: view.name }));
      onSaved?.(view);
    } catch (error) {
      setFormError(getErrorMessage(error, t));
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('saved-views.save.title')}</DialogTitle>
          <DialogDescription>{t('saved-views.save.description')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField
            control={form.control}
            name="name"
            label={t('saved-views.save.name')}
            render={({ field, controlProps }) => (
              <Input
                {...field}
                {...controlProps}
                autoComplete="off"
                placeholder={t('saved-views.save.name-placeholder')}
              />
            )}
          />
          <div className="grid gap-3">
            {canShare ? (
              <CheckboxRow
                checked={isShared}
                onChange={setIsShared}
                label={t('saved-views.save.shared')}
                hint={t('saved-views.save.shared-hint')}
              />
            ) : null}
            <CheckboxRow checked={isPinned} onChange={setIsPinned} label={t('saved-views.save.pinned')} />
            <CheckboxRow
              checked={isDefault}
              onChange={setIsDefault}
              label={t('saved-views.save.default')}
              hint={t('saved-views.save.default-hint')}
            />
          </div>
          <FormError>{formError}</FormError>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('saved-views.save.cancel')}
            </Button>
            <Button type="submit" isLoading={form.formState.isSubmitting}>
              {t('saved-views.save.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
