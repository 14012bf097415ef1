import { zodResolver } from '@hookform/resolvers/zod';
import { TAG_DESCRIPTION_MAX_LENGTH, TAG_NAME_MAX_LENGTH } from '@sheaf/contracts/limits';
import { DEFAULT_TAG_COLOR, type TagDto } from '@sheaf/contracts/tags';
import { hasControlCharacters } from '@sheaf/contracts/text';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../shared/ui/dialog';
import { FormField } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';
import { Textarea } from '../../../shared/ui/textarea';
import { useCreateTag, useUpdateTag } from '../api';
import { parseColor } from '../color';
import { ColorPicker } from './color-picker';

type TagFormValues = { name: string; color: string; description: string };

function emptyValues(tag?: Pick<TagDto, 'name' | 'color' | 'description'>): TagFormValues {
  return {
    name: tag?.name ?? '',
    color: tag?.color ?? DEFAULT_TAG_COLOR,
    description: tag?.description ?? '',
  };
}

export type TagFormDialogProps = {
  organizationId: string;
  /** The tag to update; without it the dialog creates a tag. */
  tag?: TagDto;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called with the saved tag once created or updated (after the dialog closes). */
  onSaved?: (tag: TagDto) => void;
};

/**
 * Create and update tag dialog (spec §2, §4, §5): name, colour and description, validated on submit and
 * again on input; the colour is sent lower-case; the dialog closes on success with a toast naming the tag.
 */
export function TagFormDialog({ organizationId, tag, open, onOpenChange, onSaved }: TagFormDialogProps) {
  const { t } = useTranslation();
  const colorLabelId = useId();
  const create = useCreateTag(organizationId);
  const update = useUpdateTag(organizationId);
  const isUpdate = tag !== undefined;

  const schema = useMemo(
    () =>
      z.object({
        name: z
          .string()
          .refine((value) => !hasControlCharacters(value), t('common.control-characters'))
          .trim()
          .min(1, t('tags.form.name-required'))
          .max(TAG_NAME_MAX_LENGTH, t('tags.form.name-max', { max: TAG_NAME_MAX_LENGTH })),
        color: z
          .string()
          .trim()
          .min(1, t('tags.form.color-required'))
          .refine((value) => parseColor(value) !== null, t('tags.form.color-invalid')),
        description: z
          .string()
          .refine(
            (value) => !hasControlCharacters(value, { multiline: true }),
            t('common.control-characters'),
          )
          .trim()
          .max(
            TAG_DESCRIPTION_MAX_LENGTH,
            t('tags.form.description-max', { max: TAG_DESCRIPTION_MAX_LENGTH }),
          ),
      }),
    [t],
  );

  const form = useForm<TagFormValues>({
    resolver: zodResolver(schema),
    defaultValues: emptyValues(tag),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  // Start from the tag's values each time the dialog opens (not when the tag list refreshes meanwhile).
  const tagRef = useRef(tag);
  tagRef.current = tag;
  const tagId = tag?.id;
  useEffect(() => {
    if (open) {
      form.reset(emptyValues(tagId === tagRef.current?.id ? tagRef.current : undefined));
    }
  }, [open, tagId, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const input = {
      name: values.name.trim(),
      color: (parseColor(values.color) ?? values.color).toLowerCase(),
      description: values.description.trim() === '' ? null : values.description.trim(),
    };
    try {
      const saved = isUpdate
        ? await update.mutateAsync({ tagId: tag.id, ...input })
        : await create.mutateAsync(input);
      onOpenChange(false);
      toast.success(
        isUpdate
          ? t('tags.update.success', { name: saved.name })
          : t('tags.create.success', { name: saved.name }),
      );
      onSaved?.(saved);
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{isUpdate ? t('tags.update.title') : t('tags.create.title')}</DialogTitle>
          <DialogDescription>
            {isUpdate ? t('tags.update.description') : t('tags.create.description')}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField
            control={form.control}
            name="name"
            label={t('tags.form.name')}
            render={({ field, controlProps }) => (
              <Input
                {...field}
                {...controlProps}
                autoComplete="off"
                placeholder={t('tags.form.name-placeholder')}
              />
            )}
          />
          <FormField
            control={form.control}
            name="color"
            render={({ field, controlProps }) => (
              <div className="grid gap-2">
                <Label id={colorLabelId} asChild>
                  <span>{t('tags.form.color')}</span>
                </Label>
                <ColorPicker
                  value={field.value}
                  onChange={field.onChange}
                  labelledBy={colorLabelId}
                  aria-invalid={controlProps['aria-invalid']}
                  aria-describedby={controlProps['aria-describedby']}
                />
              </div>
            )}
          />
          <FormField
            control={form.control}
            name="description"
            label={t('tags.form.description')}
            render={({ field, controlProps }) => (
              <Textarea
                {...field}
                {...controlProps}
                rows={3}
                placeholder={t('tags.form.description-placeholder')}
              />
            )}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('tags.form.cancel')}
            </Button>
            <Button type="submit" isLoading={form.formState.isSubmitting}>
              {isUpdate ? t('tags.update.submit') : t('tags.create.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
