import { BULK_MAX_TAG_IDS } from '@sheaf/contracts/bulk';
import { isValidCalendarDate } from '@sheaf/contracts/document-dates';
import type { PropertyDefinitionDto } from '@sheaf/contracts/properties';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCurrentLocale } from '../../shared/i18n/i18n';
import { Button } from '../../shared/ui/button';
import { Checkbox } from '../../shared/ui/checkbox';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../shared/ui/dialog';
import { FieldMessage } from '../../shared/ui/form-field';
import { Input } from '../../shared/ui/input';
import { Label } from '../../shared/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../shared/ui/select';
import { Spinner } from '../../shared/ui/spinner';
import { membersQueryOptions } from '../members/api';
import { propertiesQueryOptions } from '../properties/api';
import {
  emptyPropertyValueDraft,
  memberChoicesOf,
  type PropertyValueDraft,
  PropertyValueInput,
  readPropertyValueDraft,
} from '../properties/property-value-input';
import { tagsQueryOptions } from '../tags/api';
import type { BulkActionInput } from './api';

/** A value starts empty; yes/no starts at "no", what the switch shows. */
const draftFor = (property: PropertyDefinitionDto | undefined): PropertyValueDraft => ({
  ...emptyPropertyValueDraft(property),
  text: property?.type === 'boolean' ? 'false' : '',
});

type BulkDialogProps = {
  organizationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** "12 documents" or "all 1,234 that match": what the action applies to. */
  targetText: string;
  /** Runs the action; resolves true once accepted (the dialog then closes). */
  onSubmit: (action: BulkActionInput) => Promise<boolean>;
};

function BulkDialogFrame({
  open,
  onOpenChange,
  title,
  targetText,
  submitLabel,
  canSubmit,
  isSubmitting,
  onSubmit,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  targetText: string;
  submitLabel: string;
  canSubmit: boolean;
  isSubmitting: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{targetText}</DialogDescription>
          </DialogHeader>
          {children}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('bulk.cancel')}
            </Button>
            <Button type="submit" disabled={!canSubmit} isLoading={isSubmitting}>
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Submits once, then closes when the action was accepted. */
function useSubmit(onSubmit: BulkDialogProps['onSubmit'], onOpenChange: BulkDialogProps['onOpenChange']) {
  const [isSubmitting, setIsSubmitting] = useState(false);
  const submit = async (action: BulkActionInput) => {
    setIsSubmitting(true);
    try {
      if (await onSubmit(action)) onOpenChange(false);
    } finally {
      setIsSubmitting(false);
    }
  };
  return { isSubmitting, submit };
}

type ChecklistTag = { id: string; name: string; color: string };

/** The organization's tags as checkboxes, with a search box once there are many. */
function TagChecklist({
  tags,
  isLoading,
  selectedIds,
  onChange,
}: {
  tags: readonly ChecklistTag[];
  isLoading: boolean;
  selectedIds: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const { t } = useTranslation();
  const groupId = useId();
  const [query, setQuery] = useState('');
  const needle = query.trim().toLocaleLowerCase();
  const shown = tags.filter((tag) => needle === '' || tag.name.toLocaleLowerCase().includes(needle));
  if (isLoading) return <Spinner />;
  if (tags.length === 0) return <p className="text-sm text-muted-foreground">{t('bulk.tags.none')}</p>;
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{t('bulk.tags.picker-label')}</legend>
      {tags.length > 8 ? (
        <Input
          type="search"
          aria-label={t('bulk.tags.search')}
          placeholder={t('bulk.tags.search')}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      ) : null}
      <div className="grid max-h-64 gap-1 overflow-y-auto">
        {shown.map((tag) => {
          const id = `${groupId}-${tag.id}`;
          return (
            <div key={tag.id} className="flex items-center gap-2 rounded-md px-1 py-1 hover:bg-muted">
              <Checkbox
                id={id}
                checked={selectedIds.includes(tag.id)}
                onCheckedChange={(checked) =>
                  onChange(
                    checked === true
                      ? [...selectedIds, tag.id]
                      : selectedIds.filter((selectedId) => selectedId !== tag.id),
                  )
                }
              />
              <Label
                htmlFor={id}
                className="flex min-w-0 flex-1 cursor-pointer items-center gap-2 font-normal"
              >
                <span
                  aria-hidden="true"
                  className="size-2.5 shrink-0 rounded-full ring-1 ring-foreground/15"
                  style={{ backgroundColor: tag.color }}
                />
                <span className="truncate">{tag.name}</span>
              </Label>
            </div>
          );
        })}
        {shown.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('bulk.tags.no-results')}</p>
        ) : null}
      </div>
    </fieldset>
  );
}

/** Add or remove tags: the tags to pick, then the action on every selected document. */
export function BulkTagsDialog({ mode, ...props }: BulkDialogProps & { mode: 'add_tags' | 'remove_tags' }) {
  const { t } = useTranslation();
  const tags = useQuery({ ...tagsQueryOptions(props.organizationId), enabled: props.open });
  const [selected, setSelected] = useState<string[]>([]);
  const { isSubmitting, submit } = useSubmit(props.onSubmit, (open) => {
    if (!open) setSelected([]);
    props.onOpenChange(open);
  });
  const title = t(mode === 'add_tags' ? 'bulk.tags.add-title' : 'bulk.tags.remove-title');
  return (
    <BulkDialogFrame
      open={props.open}
      onOpenChange={(open) => {
        if (!open) setSelected([]);
        props.onOpenChange(open);
      }}
      title={title}
      targetText={props.targetText}
      submitLabel={t(mode === 'add_tags' ? 'bulk.tags.add-submit' : 'bulk.tags.remove-submit')}
      canSubmit={selected.length > 0}
      isSubmitting={isSubmitting}
      onSubmit={() => void submit({ action: mode, tagIds: selected })}
    >
      <TagChecklist
        tags={tags.data ?? []}
        isLoading={tags.isPending}
        selectedIds={selected}
        onChange={(ids) => setSelected(ids.slice(0, BULK_MAX_TAG_IDS))}
      />
    </BulkDialogFrame>
  );
}

/** Set the document date (a calendar date) or clear it. */
export function BulkDocumentDateDialog(props: BulkDialogProps) {
  const { t, i18n } = useTranslation();
  const inputId = useId();
  const [date, setDate] = useState('');
  const { isSubmitting, submit } = useSubmit(props.onSubmit, props.onOpenChange);
  const isValid = isValidCalendarDate(date);
  return (
    <BulkDialogFrame
      open={props.open}
      onOpenChange={(open) => {
        if (!open) setDate('');
        props.onOpenChange(open);
      }}
      title={t('bulk.date.title')}
      targetText={props.targetText}
      submitLabel={t('bulk.date.submit')}
      canSubmit={isValid}
      isSubmitting={isSubmitting}
      onSubmit={() => void submit({ action: 'set_document_date', documentDate: date })}
    >
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{t('bulk.date.label')}</Label>
        <Input
          id={inputId}
          type="date"
          lang={getCurrentLocale(i18n)}
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
        <Button
          type="button"
          variant="link"
          className="w-fit"
          disabled={isSubmitting}
          onClick={() => void submit({ action: 'set_document_date', documentDate: null })}
        >
          {t('bulk.date.clear')}
        </Button>
      </div>
    </BulkDialogFrame>
  );
}

/** Set a property to one value, or clear it, on every selected document. */
export function BulkPropertyDialog(props: BulkDialogProps) {
  const { t, i18n } = useTranslation();
  const locale = getCurrentLocale(i18n);
  const propertyLabelId = useId();
  const valueId = useId();
  const errorId = useId();
  const properties = useQuery({ ...propertiesQueryOptions(props.organizationId), enabled: props.open });
  const [propertyId, setPropertyId] = useState('');
  const property = properties.data?.find(({ id }) => id === propertyId);
  const members = useQuery({
    ...membersQueryOptions(props.organizationId),
    enabled: props.open && property?.type === 'member',
  });
  const [draft, setDraft] = useState<PropertyValueDraft>(draftFor(undefined));
  const [showError, setShowError] = useState(false);
  const { isSubmitting, submit } = useSubmit(props.onSubmit, props.onOpenChange);
  const read = property ? readPropertyValueDraft(property, draft, locale) : null;
  const value = read && 'value' in read ? read.value : null;

  const reset = () => {
    setPropertyId('');
    setDraft(draftFor(undefined));
    setShowError(false);
  };

  return (
    <BulkDialogFrame
      open={props.open}
      onOpenChange={(open) => {
        if (!open) reset();
        props.onOpenChange(open);
      }}
      title={t('bulk.property.title')}
      targetText={props.targetText}
      submitLabel={t('bulk.property.submit')}
      canSubmit={property !== undefined}
      isSubmitting={isSubmitting}
      onSubmit={() => {
        if (!property) return;
        if (value === null) {
          setShowError(true);
          return;
        }
        void submit({ action: 'set_property', propertyId: property.id, value });
      }}
    >
      <div className="grid gap-2">
        <Label id={propertyLabelId}>{t('bulk.property.property')}</Label>
        <Select
          value={propertyId}
          onValueChange={(id) => {
            setPropertyId(id);
            setDraft(draftFor(properties.data?.find((entry) => entry.id === id)));
            setShowError(false);
          }}
        >
          <SelectTrigger aria-labelledby={propertyLabelId}>
            <SelectValue placeholder={t('bulk.property.choose-property')} />
          </SelectTrigger>
          <SelectContent>
            {(properties.data ?? []).map((entry) => (
              <SelectItem key={entry.id} value={entry.id}>
                {entry.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {properties.data?.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('bulk.property.none')}</p>
        ) : null}
      </div>
      {property ? (
        <div className="grid gap-2">
          <Label htmlFor={valueId}>{t('bulk.property.value')}</Label>
          <PropertyValueInput
            definition={property}
            value={draft}
            onChange={(next) => {
              setDraft(next);
              setShowError(false);
            }}
            members={memberChoicesOf(members.data)}
            id={valueId}
            label={t('bulk.property.value')}
            currencyLabel={t('bulk.property.currency')}
            choosePlaceholder={t('bulk.property.choose-value')}
            invalid={showError}
            describedBy={showError ? errorId : undefined}
          />
          {showError ? (
            <FieldMessage id={errorId} announce>
              {t('bulk.property.invalid')}
            </FieldMessage>
          ) : null}
          <Button
            type="button"
            variant="link"
            className="w-fit"
            disabled={isSubmitting}
            onClick={() => void submit({ action: 'clear_property', propertyId: property.id })}
          >
            {t('bulk.property.clear')}
          </Button>
        </div>
      ) : null}
    </BulkDialogFrame>
  );
}
