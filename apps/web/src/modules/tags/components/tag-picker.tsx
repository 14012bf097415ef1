import { ChevronsUpDown, X } from 'lucide-react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/ui/cn';
import { Spinner } from '../../../shared/ui/spinner';
import { TagBadge } from '../../../shared/ui/tag-badge';

export type PickerTag = { id: string; name: string; color: string };

export type TagPickerProps = {
  /** Every tag that can be picked (the organization's tags). */
  tags: readonly PickerTag[];
  /** The selected tags, shown as removable chips (in this order). */
  selectedTags: readonly PickerTag[];
  onAdd: (tag: PickerTag) => void;
  onRemove: (tag: PickerTag) => void;
  /** Accessible name of the search box. */
  label: string;
  /** Placeholder of the search box (defaults to the translated "Search tags..."). */
  placeholder?: string;
  /** Tags whose change is being saved: their chip shows a spinner and cannot be removed meanwhile. */
  pendingTagIds?: readonly string[];
  isLoading?: boolean;
  disabled?: boolean;
  id?: string;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/**
 * A multi-select tag search box (spec §2) following the ARIA combobox pattern: typing filters a listbox of
 * tags; arrows move, Enter picks, Escape closes, Backspace in the empty box removes the last chip. Selected
 * tags are chips, each with a remove button labelled "Remove <name>".
 */
export function TagPicker({
  tags,
  selectedTags,
  onAdd,
  onRemove,
  label,
  placeholder,
  pendingTagIds = [],
  isLoading = false,
  disabled = false,
  id,
  className,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
}: TagPickerProps) {
  const { t } = useTranslation();
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-input`;
  const listboxId = `${generatedId}-listbox`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);

  const selectedIds = new Set(selectedTags.map((tag) => tag.id));
  const needle = query.trim().toLocaleLowerCase();
  const options = tags.filter(
    (tag) => !selectedIds.has(tag.id) && (needle === '' || tag.name.toLocaleLowerCase().includes(needle)),
  );
  const active = isOpen ? options[Math.min(activeIndex, options.length - 1)] : undefined;
  const optionId = (tagId: string) => `${generatedId}-option-${tagId}`;

  const open = () => {
    if (!disabled) {
      setIsOpen(true);
    }
  };

  const pick = (tag: PickerTag) => {
    onAdd(tag);
    setQuery('');
    setActiveIndex(0);
    inputRef.current?.focus();
  };

  const remove = (tag: PickerTag) => {
    onRemove(tag);
    inputRef.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown': {
        event.preventDefault();
        if (!isOpen) {
          open();
          setActiveIndex(0);
        } else if (options.length > 0) {
          setActiveIndex((index) => (Math.min(index, options.length - 1) + 1) % options.length);
        }
        break;
      }
      case 'ArrowUp': {
        event.preventDefault();
        if (!isOpen) {
          open();
          setActiveIndex(Math.max(options.length - 1, 0));
        } else if (options.length > 0) {
          setActiveIndex(
            (index) => (Math.min(index, options.length - 1) - 1 + options.length) % options.length,
          );
        }
        break;
      }
      case 'Home':
      case 'End': {
        if (isOpen && options.length > 0 && query === '') {
          event.preventDefault();
          setActiveIndex(event.key === 'Home' ? 0 : options.length - 1);
        }
        break;
      }
      case 'Enter': {
        if (isOpen && active) {
          event.preventDefault();
          pick(active);
        }
        break;
      }
      case 'Escape': {
        if (isOpen) {
          // Close the list only; a dialog around the picker stays open.
          event.preventDefault();
          event.stopPropagation();
          setIsOpen(false);
        } else if (query !== '') {
          event.preventDefault();
          event.stopPropagation();
          setQuery('');
        }
        break;
      }
      case 'Backspace': {
        const last = selectedTags.at(-1);
        if (query === '' && last && !pendingTagIds.includes(last.id)) {
          event.preventDefault();
          onRemove(last);
        }
        break;
      }
      case 'Tab': {
        setIsOpen(false);
        break;
      }
    }
  };

  return (
    <div className={cn('relative', className)}>
      {/* Clicking the frame focuses the search box, as a text field would. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer convenience; the box itself is focusable. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: keyboard users reach the search box directly. */}
      <div
        className={cn(
          'flex min-h-9 w-full cursor-text flex-wrap items-center gap-1.5 rounded-md border border-input bg-surface py-1 pr-8 pl-1.5 text-sm shadow-sm',
          'transition-colors focus-within:border-ring focus-within:ring-2 focus-within:ring-ring/40',
          ariaInvalid && 'border-danger',
          disabled && 'cursor-not-allowed opacity-50',
        )}
        onClick={(event) => {
          if (event.target === event.currentTarget) {
            inputRef.current?.focus();
            open();
          }
        }}
      >
        {selectedTags.length > 0 ? (
          <ul className="contents" aria-label={t('tags.picker.selected', { label })}>
            {selectedTags.map((tag) => {
              const isPending = pendingTagIds.includes(tag.id);
              return (
                <li key={tag.id} className="min-w-0">
                  <TagBadge tag={tag} className={cn('py-0.5 pr-0.5', isPending && 'opacity-70')}>
                    {isPending ? (
                      <Spinner
                        size="sm"
                        className="size-5 items-center justify-center"
                        label={t('tags.picker.saving')}
                      />
                    ) : (
                      <button
                        type="button"
                        disabled={disabled}
                        aria-label={t('tags.picker.remove', { name: tag.name })}
                        onClick={() => remove(tag)}
                        className="-my-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-sm text-muted-foreground outline-none hover:bg-foreground/10 hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
                      >
                        <X className="size-3.5" aria-hidden="true" />
                      </button>
                    )}
                  </TagBadge>
                </li>
              );
            })}
          </ul>
        ) : null}
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          role="combobox"
          aria-label={label}
          aria-autocomplete="list"
          aria-expanded={isOpen}
          aria-controls={listboxId}
          aria-activedescendant={active ? optionId(active.id) : undefined}
          aria-invalid={ariaInvalid || undefined}
          aria-describedby={ariaDescribedBy}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          value={query}
          placeholder={placeholder ?? t('tags.picker.placeholder')}
          onChange={(event) => {
            setQuery(event.target.value);
            setActiveIndex(0);
            open();
          }}
          onFocus={open}
          onClick={open}
          onBlur={() => setIsOpen(false)}
          onKeyDown={onKeyDown}
          className="h-7 min-w-32 flex-1 bg-transparent px-1.5 text-sm outline-none placeholder:text-muted-foreground disabled:cursor-not-allowed"
        />
      </div>
      <ChevronsUpDown
        className="pointer-events-none absolute top-2.5 right-2.5 size-4 text-muted-foreground"
        aria-hidden="true"
      />
      <div
        className={cn(
          'absolute top-full right-0 left-0 z-40 mt-1 overflow-hidden rounded-md border bg-surface text-surface-foreground shadow-md',
          !isOpen && 'hidden',
        )}
      >
        <div
          id={listboxId}
          role="listbox"
          aria-label={label}
          hidden={options.length === 0}
          className="max-h-60 overflow-y-auto p-1"
        >
          {options.map((tag) => (
            <div
              key={tag.id}
              id={optionId(tag.id)}
              role="option"
              aria-selected={active?.id === tag.id}
              tabIndex={-1}
              // Keep the focus in the search box while picking with the pointer.
              onMouseDown={(event) => event.preventDefault()}
              onMouseMove={() => setActiveIndex(options.indexOf(tag))}
              onClick={() => pick(tag)}
              onKeyDown={() => undefined}
              className={cn(
                'flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
                active?.id === tag.id && 'bg-muted',
              )}
            >
              <span
                aria-hidden="true"
                className="size-2.5 shrink-0 rounded-full ring-1 ring-foreground/15"
                style={{ backgroundColor: tag.color }}
              />
              <span className="truncate">{tag.name}</span>
            </div>
          ))}
        </div>
        {options.length === 0 ? (
          <p role="status" className="px-3 py-2 text-sm text-muted-foreground">
            {isLoading
              ? t('ui.spinner.loading')
              : tags.length === 0
                ? t('tags.picker.no-tags')
                : needle === ''
                  ? t('tags.picker.all-selected')
                  : t('tags.picker.no-results')}
          </p>
        ) : null}
      </div>
    </div>
  );
}
