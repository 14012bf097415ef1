import {
  API_KEY_PERMISSIONS,
  API_KEY_PERMISSIONS_BY_SECTION,
  type ApiKeyPermission,
} from '@sheaf/contracts/permissions';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { Checkbox } from '../../../shared/ui/checkbox';
import { Label } from '../../../shared/ui/label';
import { getSectionState, PERMISSION_SECTIONS, permissionLabelKey, toggleSection } from '../permissions';

type PermissionsPickerProps = {
  value: ApiKeyPermission[];
  onChange: (value: ApiKeyPermission[]) => void;
  invalid?: boolean;
  describedBy?: string;
};

/** The 12 permissions in three sections, each with a tri-state checkbox, plus Select all / Deselect all. */
export function PermissionsPicker({ value, onChange, invalid, describedBy }: PermissionsPickerProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const sorted = (next: ApiKeyPermission[]) =>
    API_KEY_PERMISSIONS.filter((permission) => next.includes(permission));

  return (
    <div
      className="grid gap-5 rounded-lg border bg-surface p-4 aria-invalid:border-danger sm:p-5"
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    >
      <div className="grid gap-5 sm:grid-cols-3 sm:gap-4">
        {PERMISSION_SECTIONS.map((section) => {
          const sectionId = `${baseId}-${section}`;
          return (
            <fieldset key={section} className="grid content-start gap-2.5">
              <legend className="sr-only">{t(`api-keys.permissions.${section}.title`)}</legend>
              <div className="flex items-center gap-2">
                <Checkbox
                  id={sectionId}
                  checked={getSectionState(section, value)}
                  onCheckedChange={() => onChange(sorted(toggleSection(section, value)))}
                />
                <Label htmlFor={sectionId} className="font-semibold">
                  {t(`api-keys.permissions.${section}.title`)}
                </Label>
              </div>
              <ul className="grid gap-2 border-l pl-4 ml-2">
                {API_KEY_PERMISSIONS_BY_SECTION[section].map((permission) => {
                  const id = `${baseId}-${permission.replace(':', '-')}`;
                  const checked = value.includes(permission);
                  return (
                    <li key={permission} className="flex items-center gap-2">
                      <Checkbox
                        id={id}
                        checked={checked}
                        onCheckedChange={(next) =>
                          onChange(
                            sorted(
                              next === true
                                ? [...value, permission]
                                : value.filter((item) => item !== permission),
                            ),
                          )
                        }
                      />
                      <Label htmlFor={id} className="font-normal">
                        {t(permissionLabelKey(permission))}
                      </Label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          );
        })}
      </div>
      <div className="flex flex-wrap gap-2 border-t pt-4">
        <Button
          size="sm"
          variant="outline"
          disabled={value.length === API_KEY_PERMISSIONS.length}
          onClick={() => onChange([...API_KEY_PERMISSIONS])}
        >
          {t('api-keys.create.select-all')}
        </Button>
        <Button size="sm" variant="outline" disabled={value.length === 0} onClick={() => onChange([])}>
          {t('api-keys.create.deselect-all')}
        </Button>
      </div>
    </div>
  );
}
