import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../http/get-error-message';

type NameValues = { name: string };

/**
 * A one-field form that renames something: it follows the saved name until the user edits it,
 * tells whether the typed name differs from the saved one (the submit button stays disabled until
 * it does), saves, shows `successMessage` and shows a refused name's error under the field.
 */
export function useRenameForm({
  currentName,
  resolver,
  save,
  successMessage,
}: {
  currentName: string;
  resolver: Resolver<NameValues>;
  save: (name: string) => Promise<{ name: string }>;
  successMessage: string;
}) {
  const { t } = useTranslation();
  const form = useForm<NameValues>({
    resolver,
    values: { name: currentName },
    resetOptions: { keepDirtyValues: true },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const isUnchanged = form.watch('name').trim() === currentName.trim();

  const onSubmit = form.handleSubmit(async ({ name }) => {
    try {
      const saved = await save(name);
      form.reset({ name: saved.name });
      toast.success(successMessage);
    } catch (error) {
      form.setError('name', { message: getErrorMessage(error, t) });
    }
  });

  return { form, onSubmit, isUnchanged };
}
