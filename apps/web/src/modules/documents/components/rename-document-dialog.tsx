import { documentNameSchema } from '@sheaf/contracts/documents';
import { DOCUMENT_NAME_MAX_LENGTH } from '@sheaf/contracts/limits';
import { isControlCharactersIssue } from '@sheaf/contracts/text';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { type Resolver, type ResolverResult, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
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
import { FormError } from '../../../shared/ui/form-error';
import { FormField } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { useUpdateDocument } from '../api';
import { splitFileName, withOriginalExtension } from '../file-name';

type RenameValues = { name: string };

/** Validates the full new name (base name + original extension) with the shared rule, in the UI language. */
function renameResolver(originalName: string, t: TFunction): Resolver<RenameValues> {
  return async (values): Promise<ResolverResult<RenameValues>> => {
    const result = documentNameSchema.safeParse(withOriginalExtension(values.name, originalName));
    if (result.success && values.name.trim() !== '') {
      return { values: { name: result.data }, errors: {} };
    }
    const issue = result.error?.issues[0];
    if (issue && isControlCharactersIssue(issue)) {
      return { values: {}, errors: { name: { type: 'custom', message: t('common.control-characters') } } };
    }
    const isTooLong = issue?.code === 'too_big';
    return {
      values: {},
      errors: {
        name: {
          type: isTooLong ? 'too_big' : 'too_small',
          message: isTooLong
            ? t('documents.rename.name-max', { max: DOCUMENT_NAME_MAX_LENGTH })
            : t('documents.rename.name-required'),
        },
      },
    };
  };
}

/**
 * Rename dialog (spec §2, §4): opens with the name without its extension; on submit the original
 * extension is appended again, the dialog closes, queries refresh and a toast confirms.
 */
export function RenameDocumentDialog({
  organizationId,
  document,
  open,
  onOpenChange,
}: {
  organizationId: string;
  document: { id: string; name: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateDocument(organizationId);
  const [formError, setFormError] = useState<string | undefined>();
  const { baseName, extension } = splitFileName(document.name);
  const resolver = useMemo(() => renameResolver(document.name, t), [document.name, t]);
  const form = useForm<RenameValues>({
    resolver,
    defaultValues: { name: baseName },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  useEffect(() => {
    if (open) {
      form.reset({ name: baseName });
      setFormError(undefined);
    }
  }, [open, baseName, form]);

  const onSubmit = form.handleSubmit(async ({ name }) => {
    setFormError(undefined);
    try {
      await update.mutateAsync({ documentId: document.id, name });
      onOpenChange(false);
      toast.success(t('documents.rename.success'));
    } catch (error) {
      setFormError(getErrorMessage(error, t));
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('documents.rename.title')}</DialogTitle>
          <DialogDescription>
            {extension
              ? t('documents.rename.description', { extension })
              : t('documents.rename.description-no-extension')}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField
            control={form.control}
            name="name"
            label={t('documents.rename.name')}
            render={({ field, controlProps }) => (
              <div className="flex items-center gap-2">
                <Input {...field} {...controlProps} autoComplete="off" className="flex-1" />
                {extension ? (
                  <span className="shrink-0 text-sm text-muted-foreground" aria-hidden="true">
                    .{extension}
                  </span>
                ) : null}
              </div>
            )}
          />
          <FormError>{formError}</FormError>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('documents.rename.cancel')}
            </Button>
            <Button type="submit" isLoading={form.formState.isSubmitting}>
              {t('documents.rename.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
