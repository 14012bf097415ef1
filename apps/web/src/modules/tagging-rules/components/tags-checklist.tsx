import { TAG_NAME_MAX_LENGTH } from '@sheaf/contracts/limits';
import { DEFAULT_TAG_COLOR, type TagDto } from '@sheaf/contracts/tags';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plus, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { getErrorMessage } from '../../../shared/http/get-error-message';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { cn } from '../../../shared/ui/cn';
import { Input } from '../../../shared/ui/input';
import { Spinner } from '../../../shared/ui/spinner';
import { tagsQueryOptions, useCreateTag } from '../../tags/api';

type TagsChecklistProps = {
  organizationId: string;
  value: string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  invalid?: boolean;
  describedBy?: string;
  labelledBy: string;
};

/**
 * The organization's tags as an accessible list of checkboxes (a multi-select with at least one tag), with
 * a search box that filters them and offers to create the typed name as a new tag, selected at once.
 */
export function TagsChecklist({
  organizationId,
  value,
  onChange,
  onBlur,
  invalid,
  describedBy,
  labelledBy,
}: TagsChecklistProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const tags = useQuery(tagsQueryOptions(organizationId));
  const [filter, setFilter] = useState('');
  const create = useCreateTag(organizationId);

  if (tags.isPending) {
    return (
      <div className="flex justify-center rounded-lg border py-6 text-primary">
        <Spinner />
      </div>
    );
  }

  if (tags.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-lg border px-4 py-3 text-sm">
        <span className="text-danger">{t('tagging-rules.form.tags-load-error')}</span>
        <Button size="sm" variant="outline" onClick={() => void tags.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }

  const name = filter.trim();
  const query = name.toLocaleLowerCase();
  const visible: TagDto[] = query
    ? tags.data.filter((tag) => tag.name.toLocaleLowerCase().includes(query))
    : tags.data;
  // A name no tag has yet can be created here, and is selected at once.
  const canCreate =
    name !== '' &&
    name.length <= TAG_NAME_MAX_LENGTH &&
    !tags.data.some((tag) => tag.name.toLocaleLowerCase() === query);
  const createTag = async () => {
    if (!canCreate || create.isPending) return;
    try {
      const tag = await create.mutateAsync({ name, color: DEFAULT_TAG_COLOR, description: null });
      onChange([...value, tag.id]);
      setFilter('');
      toast.success(t('tags.create.success', { name: tag.name }));
    } catch (error) {
      toast.error(getErrorMessage(error, t));
    }
  };
  const toggle = (tagId: string, checked: boolean) => {
    const next = checked ? [...value, tagId] : value.filter((id) => id !== tagId);
    // Keep the organization's order, whatever the order of the clicks.
    onChange(tags.data.map((tag) => tag.id).filter((id) => next.includes(id)));
  };

  return (
    <fieldset
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      className={cn('grid min-w-0 gap-2 rounded-lg border bg-surface p-3', invalid && 'border-danger')}
    >
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          onKeyDown={(event) => {
            // Enter creates the typed tag instead of submitting the rule form.
            if (event.key === 'Enter') {
              event.preventDefault();
              void createTag();
            }
          }}
          placeholder={t('tagging-rules.form.search-or-create-tag')}
          aria-label={t('tagging-rules.form.filter-tags')}
          className="h-8 pl-8"
        />
      </div>
      {canCreate ? (
        <Button
          type="button"
          size="sm"
          variant="outline"
          className="min-w-0 justify-start"
          isLoading={create.isPending}
          onClick={() => void createTag()}
        >
          <Plus aria-hidden="true" />
          <span className="truncate">{t('tagging-rules.form.create-named-tag', { name })}</span>
        </Button>
      ) : null}
      {tags.data.length === 0 ? (
        <p className="px-1 py-2 text-sm text-muted-foreground">
          {t('tagging-rules.form.no-tags')}{' '}
          <Link
            to="/organizations/$organizationId/tags"
            params={{ organizationId }}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {t('tagging-rules.form.create-tag')}
          </Link>
        </p>
      ) : visible.length === 0 ? (
        <p className="px-1 py-2 text-sm text-muted-foreground">{t('tagging-rules.form.no-matching-tags')}</p>
      ) : (
        <ul className="grid max-h-64 gap-0.5 overflow-y-auto sm:grid-cols-2">
          {visible.map((tag) => {
            const id = `${baseId}-${tag.id}`;
            const checked = value.includes(tag.id);
            return (
              <li key={tag.id} className="min-w-0">
                <label
                  htmlFor={id}
                  className="flex min-w-0 cursor-pointer items-center gap-2.5 rounded-md px-2 py-1.5 text-sm hover:bg-muted"
                >
                  <Checkbox
                    id={id}
                    checked={checked}
                    aria-invalid={invalid || undefined}
                    onCheckedChange={(next) => toggle(tag.id, next === true)}
                    onBlur={onBlur}
                  />
                  <span
                    aria-hidden="true"
                    className="size-2.5 shrink-0 rounded-full ring-1 ring-foreground/15"
                    style={{ backgroundColor: tag.color }}
                  />
                  <span className="truncate">{tag.name}</span>
                </label>
              </li>
            );
          })}
        </ul>
      )}
      <p className="px-1 text-xs text-muted-foreground" aria-live="polite">
        {t('tagging-rules.form.selected-tags', { count: value.length })}
      </p>
    </fieldset>
  );
}
