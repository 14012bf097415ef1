import type { PropertyDefinitionDto } from '@sheaf/contracts/properties';
import { Columns3 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../shared/ui/dropdown-menu';

/** The list's optional columns: "Last updated", and a property's values (`property:<id>`). */
export type OptionalColumn = 'updatedAt' | `property:${string}`;

const DEFAULT_COLUMNS: OptionalColumn[] = ['updatedAt'];

export const listColumnsStorageKey = (organizationId: string) => `sheaf.documents.columns.${organizationId}`;

function readColumns(organizationId: string): OptionalColumn[] {
  try {
    const stored = window.localStorage.getItem(listColumnsStorageKey(organizationId));
    if (stored === null) return DEFAULT_COLUMNS;
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed)
      ? parsed.filter(
          (column): column is OptionalColumn =>
            column === 'updatedAt' ||
            (typeof column === 'string' && /^property:[A-Za-z0-9_]{1,64}$/.test(column)),
        )
      : DEFAULT_COLUMNS;
  } catch {
    // Storage refused (private mode) or unreadable: the default columns.
    return DEFAULT_COLUMNS;
  }
}

function writeColumns(organizationId: string, columns: OptionalColumn[]) {
  try {
    window.localStorage.setItem(listColumnsStorageKey(organizationId), JSON.stringify(columns));
  } catch {
    // Not remembered, but still shown for this visit.
  }
}

/** The optional columns shown, remembered per organization in this browser. */
export function useListColumns(organizationId: string) {
  const [state, setState] = useState(() => ({ organizationId, columns: readColumns(organizationId) }));
  if (state.organizationId !== organizationId) {
    // Another organization: its own choice.
    setState({ organizationId, columns: readColumns(organizationId) });
  }
  const setColumns = (columns: OptionalColumn[]) => {
    writeColumns(organizationId, columns);
    setState({ organizationId, columns });
  };
  return [state.columns, setColumns] as const;
}

/** "Columns": which optional columns the list shows (kept open to pick several). */
export function ColumnChooser({
  columns,
  properties,
  onChange,
}: {
  columns: readonly OptionalColumn[];
  properties: readonly PropertyDefinitionDto[];
  onChange: (columns: OptionalColumn[]) => void;
}) {
  const { t } = useTranslation();
  const toggle = (column: OptionalColumn, checked: boolean) =>
    onChange(checked ? [...columns, column] : columns.filter((candidate) => candidate !== column));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Columns3 aria-hidden="true" />
          {t('documents.list.columns.button')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-96 w-60 overflow-y-auto">
        <DropdownMenuCheckboxItem
          checked={columns.includes('updatedAt')}
          onSelect={(event) => event.preventDefault()}
          onCheckedChange={(checked) => toggle('updatedAt', checked)}
        >
          {t('documents.table.updated-at')}
        </DropdownMenuCheckboxItem>
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t('documents.list.columns.properties')}</DropdownMenuLabel>
        {properties.length === 0 ? (
          <p className="px-2 py-1.5 text-sm text-muted-foreground">
            {t('documents.list.columns.no-properties')}
          </p>
        ) : (
          properties.map((property) => {
            const column = `property:${property.id}` as const;
            return (
              <DropdownMenuCheckboxItem
                key={property.id}
                checked={columns.includes(column)}
                onSelect={(event) => event.preventDefault()}
                onCheckedChange={(checked) => toggle(column, checked)}
              >
                <span className="truncate">{property.name}</span>
              </DropdownMenuCheckboxItem>
            );
          })
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
