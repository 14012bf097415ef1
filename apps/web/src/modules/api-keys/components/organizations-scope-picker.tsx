import type { OrganizationDto } from '@sheaf/contracts/organizations';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../../shared/ui/checkbox';
import { cn } from '../../../shared/ui/cn';
import { Label } from '../../../shared/ui/label';

export type OrganizationsScope = 'all' | 'selected';

type OrganizationsScopePickerProps = {
  organizations: OrganizationDto[];
  scope: OrganizationsScope;
  onScopeChange: (scope: OrganizationsScope) => void;
  selectedIds: string[];
  onSelectedIdsChange: (ids: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
};

/**
 * Where a key may act: all of its owner's organizations (those joined later included), or only
 * the ones ticked. Two radio buttons; the list of organizations shows under the second.
 */
export function OrganizationsScopePicker({
  organizations,
  scope,
  onScopeChange,
  selectedIds,
  onSelectedIdsChange,
  invalid,
  describedBy,
}: OrganizationsScopePickerProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const options: Array<{ value: OrganizationsScope; label: string; hint: string }> = [
    {
      value: 'all',
      label: t('api-keys.create.organizations-all'),
      hint: t('api-keys.create.organizations-all-hint'),
    },
    {
      value: 'selected',
      label: t('api-keys.create.organizations-selected'),
      hint: t('api-keys.create.organizations-selected-hint'),
    },
  ];

  return (
    <div
      role="radiogroup"
      aria-labelledby="api-key-organizations-title"
      aria-describedby={describedBy}
      className="grid gap-3 rounded-lg border bg-surface p-4 sm:p-5"
    >
      {options.map((option) => {
        const id = `${baseId}-${option.value}`;
        return (
          <div key={option.value} className="grid gap-2">
            <div className="flex items-start gap-2">
              <input
                type="radio"
                id={id}
                name={`${baseId}-scope`}
                value={option.value}
                checked={scope === option.value}
                onChange={() => onScopeChange(option.value)}
                aria-describedby={`${id}-hint`}
                className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              />
              <div className="grid gap-0.5">
                <Label htmlFor={id}>{option.label}</Label>
                <p id={`${id}-hint`} className="text-[0.8125rem] text-muted-foreground">
                  {option.hint}
                </p>
              </div>
            </div>
            {option.value === 'selected' && scope === 'selected' ? (
              <fieldset
                className={cn('ml-2 grid gap-2 border-l pl-4', invalid && 'border-danger')}
                aria-invalid={invalid || undefined}
              >
                <legend className="sr-only">{t('api-keys.create.organizations-selected')}</legend>
                {organizations.map((organization) => {
                  const checkboxId = `${baseId}-${organization.id}`;
                  const checked = selectedIds.includes(organization.id);
                  return (
                    <div key={organization.id} className="flex min-w-0 items-center gap-2">
                      <Checkbox
                        id={checkboxId}
                        checked={checked}
                        aria-invalid={invalid || undefined}
                        onCheckedChange={(next) =>
                          onSelectedIdsChange(
                            organizations
                              .map(({ id }) => id)
                              .filter((id) =>
                                id === organization.id ? next === true : selectedIds.includes(id),
                              ),
                          )
                        }
                      />
                      <Label htmlFor={checkboxId} className="truncate font-normal" title={organization.name}>
                        {organization.name}
                      </Label>
                    </div>
                  );
                })}
              </fieldset>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
