import { PROPERTY_OPTIONS_LIMIT } from '@sheaf/contracts/limits';
import { TAG_COLOR_PRESETS } from '@sheaf/contracts/tags';
import { ArrowDown, ArrowUp, Plus, X } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { type UseFormReturn, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button';
import { FieldMessage, useFieldErrorMessage } from '../../../shared/ui/form-field';
import { Input } from '../../../shared/ui/input';
import { OptionColorMenu } from './option-color-menu';

export type OptionRow = {
  /** The option's id once saved: sent back so it (and the values choosing it) is kept. */
  id?: string;
  name: string;
  color: string;
};

/** The part of the property form the options editor works on. */
export type OptionsFormValues = { options: OptionRow[] };

/** Presets new options take in turn: white reads as no colour beside the others. */
const CYCLED_COLORS = TAG_COLOR_PRESETS.filter((preset) => preset.id !== 'white').map(
  ({ color }): string => color,
);

/** The colour after the last one used, so neighbouring chips differ. */
function nextColor(options: OptionRow[]): string {
  const index = CYCLED_COLORS.indexOf(options.at(-1)?.color ?? '');
  return CYCLED_COLORS[(index + 1) % CYCLED_COLORS.length] ?? TAG_COLOR_PRESETS[0].color;
}

function OptionNameError({ form, index }: { form: UseFormReturn<OptionsFormValues>; index: number }) {
  const message = useFieldErrorMessage(form.formState.errors.options?.[index]?.name);
  return message ? <FieldMessage>{message}</FieldMessage> : null;
}

/**
 * A select's options, in order: each with its colour (the tag presets), its name, moves up and down
 * (buttons, or Alt+↑ / Alt+↓ in its name) and removal; a field to add one (Enter adds it).
 */
export function OptionsEditor<Values extends OptionsFormValues>({
  form: typedForm,
  removedNote,
}: {
  form: UseFormReturn<Values>;
  /** Shown once an option that documents may have chosen is removed. */
  removedNote?: string;
}) {
  // The editor only touches `options`, which every form it is given has.
  const form = typedForm as unknown as UseFormReturn<OptionsFormValues>;
  const { t } = useTranslation();
  const labelId = useId();
  const listRef = useRef<HTMLOListElement>(null);
  const addInputRef = useRef<HTMLInputElement>(null);
  const [newName, setNewName] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [hasRemovedSaved, setHasRemovedSaved] = useState(false);
  const { fields, append, move, remove } = useFieldArray({
    control: form.control,
    name: 'options',
    keyName: 'key',
  });
  const optionsError = form.formState.errors.options;
  // A rule on the whole list (two options with one name) rather than on one option.
  const listError = optionsError?.root?.message ?? optionsError?.message;

  /** Focuses a control of row `index` once it is rendered at its new place. */
  const focusInRow = (index: number, control: string) => {
    requestAnimationFrame(() => {
      listRef.current
        ?.querySelector<HTMLElement>(`[data-option-index="${index}"] [data-control="${control}"]`)
        ?.focus();
    });
  };

  const moveOption = (from: number, to: number, control: string) => {
    if (to < 0 || to >= fields.length) return;
    move(from, to);
    focusInRow(to, control);
  };

  const removeOption = (index: number) => {
    if (form.getValues(`options.${index}.id`)) setHasRemovedSaved(true);
    remove(index);
    if (fields.length > 1) focusInRow(Math.min(index, fields.length - 2), 'remove');
    else requestAnimationFrame(() => addInputRef.current?.focus());
  };

  const addOption = () => {
    const name = newName.trim();
    if (name === '') return;
    const current = form.getValues('options');
    if (current.some((option) => option.name.trim().toLowerCase() === name.toLowerCase())) {
      setAddError(t('properties.options.duplicate'));
      return;
    }
    if (current.length >= PROPERTY_OPTIONS_LIMIT) {
      setAddError(t('properties.options.limit', { max: PROPERTY_OPTIONS_LIMIT }));
      return;
    }
    // Focus stays in the new option's field, ready for the next one.
    append({ name, color: nextColor(current) }, { shouldFocus: false });
    setNewName('');
    setAddError(null);
    void form.trigger('options');
  };

  const onNameKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.altKey && event.key === 'ArrowUp') {
      event.preventDefault();
      moveOption(index, index - 1, 'name');
    } else if (event.altKey && event.key === 'ArrowDown') {
      event.preventDefault();
      moveOption(index, index + 1, 'name');
    }
  };

  return (
    <fieldset className="grid gap-2" aria-labelledby={labelId}>
      <legend id={labelId} className="text-sm font-medium leading-none">
        {t('properties.options.title')}
      </legend>
      <p className="text-[0.8125rem] text-muted-foreground">{t('properties.options.description')}</p>
      {fields.length > 0 ? (
        <ol ref={listRef} className="grid gap-1.5" aria-label={t('properties.options.list-label')}>
          {fields.map((field, index) => {
            const name = form.watch(`options.${index}.name`);
            const color = form.watch(`options.${index}.color`);
            const label = name.trim() || t('properties.options.unnamed');
            return (
              <li key={field.key} data-option-index={index} className="grid gap-1">
                <div className="flex items-center gap-1.5">
                  <OptionColorMenu
                    color={color}
                    optionName={name}
                    onChange={(next) => form.setValue(`options.${index}.color`, next, { shouldDirty: true })}
                  />
                  <Input
                    {...form.register(`options.${index}.name`)}
                    data-control="name"
                    aria-label={t('properties.options.name-label', { position: index + 1 })}
                    aria-invalid={Boolean(form.formState.errors.options?.[index]?.name)}
                    onKeyDown={(event) => onNameKeyDown(event, index)}
                    autoComplete="off"
                  />
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    data-control="up"
                    aria-label={t('properties.options.move-up', { name: label })}
                    disabled={index === 0}
                    onClick={() => moveOption(index, index - 1, 'up')}
                  >
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    data-control="down"
                    aria-label={t('properties.options.move-down', { name: label })}
                    disabled={index === fields.length - 1}
                    onClick={() => moveOption(index, index + 1, 'down')}
                  >
                    <ArrowDown aria-hidden="true" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    data-control="remove"
                    className="text-danger hover:bg-danger/10 hover:text-danger"
                    aria-label={t('properties.options.remove', { name: label })}
                    onClick={() => removeOption(index)}
                  >
                    <X aria-hidden="true" />
                  </Button>
                </div>
                <OptionNameError form={form} index={index} />
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="text-[0.8125rem] text-muted-foreground italic">{t('properties.options.empty')}</p>
      )}
      <div className="flex items-center gap-1.5">
        <Input
          ref={addInputRef}
          value={newName}
          onChange={(event) => {
            setNewName(event.target.value);
            setAddError(null);
          }}
          onKeyDown={(event) => {
            // Enter adds the option instead of submitting the whole form.
            if (event.key === 'Enter') {
              event.preventDefault();
              addOption();
            }
          }}
          aria-label={t('properties.options.new-label')}
          aria-invalid={Boolean(addError)}
          placeholder={t('properties.options.new-placeholder')}
          autoComplete="off"
        />
        <Button type="button" variant="outline" onClick={addOption} disabled={newName.trim() === ''}>
          <Plus aria-hidden="true" />
          {t('properties.options.add')}
        </Button>
      </div>
      {addError ? <FieldMessage announce>{addError}</FieldMessage> : null}
      {listError ? <FieldMessage>{listError}</FieldMessage> : null}
      {hasRemovedSaved && removedNote ? (
        <p className="text-[0.8125rem] text-muted-foreground" role="status">
          {removedNote}
        </p>
      ) : null}
    </fieldset>
  );
}
