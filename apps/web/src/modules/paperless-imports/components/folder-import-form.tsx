import {
  createPaperlessImportFromFolderSchema,
  PAPERLESS_IMPORT_PATH_MAX_LENGTH,
} from '@sheaf/contracts/paperless-imports';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { type FieldErrors, type Resolver, type ResolverResult, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorCode } from '../../../shared/http/api-error';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { FormError } from '../../../shared/ui/form-error';
import { FormField } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { useImportPaperlessFolder } from '../api';

export type FolderPathValues = { path: string };

/** The path checked with the shared schema before it is sent, its issues shown translated. */
export function folderPathResolver(t: TFunction): Resolver<FolderPathValues> {
  return async (values): Promise<ResolverResult<FolderPathValues>> => {
    const result = createPaperlessImportFromFolderSchema.safeParse({ path: values.path });
    if (result.success) return { values: result.data, errors: {} };
    const code = result.error.issues[0]?.code ?? 'custom';
    const message =
      code === 'too_small'
        ? t('paperless-imports.folder.required')
        : code === 'too_big'
          ? t('paperless-imports.folder.too-long', { max: PAPERLESS_IMPORT_PATH_MAX_LENGTH })
          : t('paperless-imports.folder.invalid');
    const errors: FieldErrors<FolderPathValues> = { path: { type: code, message } };
    return { values: {}, errors };
  };
}

/** Codes about the path itself: shown under the field rather than under the form. */
const PATH_ERROR_CODES = new Set([
  'paperless_imports.folder_not_found',
  'paperless_imports.not_a_zip',
  'api.validation_error',
]);

/** For the server's administrators: an export already on the server, read where it is. */
export function FolderImportForm({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation();
  const importFolder = useImportPaperlessFolder(organizationId);
  const resolver = useMemo(() => folderPathResolver(t), [t]);
  const form = useForm<FolderPathValues>({
    defaultValues: { path: '' },
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const onSubmit = form.handleSubmit(async ({ path }) => {
    try {
      const created = await importFolder.mutateAsync(path);
      toast.success(t('paperless-imports.upload.started', { name: created.sourceName }));
      form.reset({ path: '' });
    } catch (error) {
      const code = getErrorCode(error);
      const message = getErrorMessage(error, t);
      if (code && PATH_ERROR_CODES.has(code)) {
        form.setError('path', { type: 'server', message }, { shouldFocus: true });
      } else {
        form.setError('root', { type: 'server', message });
      }
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="paperless-folder-title"
      className="grid gap-3 border-t pt-4"
    >
      <div className="grid gap-0.5">
        <h3 id="paperless-folder-title" className="text-sm font-semibold">
          {t('paperless-imports.folder.title')}
        </h3>
        <p className="text-sm text-muted-foreground">{t('paperless-imports.folder.description')}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
        <FormField
          control={form.control}
          name="path"
          label={t('paperless-imports.folder.label')}
          render={({ field, controlProps }) => (
            <Input
              {...field}
              {...controlProps}
              autoComplete="off"
              spellCheck={false}
              placeholder="/srv/exports/paperless"
              className="font-mono"
            />
          )}
        />
        <Button type="submit" variant="outline" className="sm:mt-6" isLoading={form.formState.isSubmitting}>
          {t('paperless-imports.folder.submit')}
        </Button>
      </div>
      <FormError>{form.formState.errors.root?.message}</FormError>
    </form>
  );
}
