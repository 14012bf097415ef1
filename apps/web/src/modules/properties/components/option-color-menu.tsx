import { TAG_COLOR_PRESETS } from '@sheaf/contracts/tags';
import { useTranslation } from 'react-i18next';
import { cn } from '../../../shared/ui/cn';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../../../shared/ui/dropdown-menu';

/** The translation key naming a colour: a preset's name, else "Custom colour". */
export function colorNameKey(color: string): string {
  const preset = TAG_COLOR_PRESETS.find((candidate) => candidate.color === color.toLowerCase());
  return preset ? `tags.colors.${preset.id}` : 'tags.form.custom-color';
}

/**
 * An option's colour: a swatch button opening a menu of the tag colour presets (arrow keys move,
 * Enter picks, Escape closes). Options keep to the presets: they read as chips beside the tags.
 */
export function OptionColorMenu({
  color,
  optionName,
  onChange,
}: {
  color: string;
  optionName: string;
  onChange: (color: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        type="button"
        aria-label={t('properties.options.color-label', {
          name: optionName || t('properties.options.unnamed'),
          color: t(colorNameKey(color)),
        })}
        className={cn(
          'flex size-9 shrink-0 items-center justify-center rounded-md border border-input bg-surface shadow-sm',
          'outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring',
        )}
      >
        <span
          aria-hidden="true"
          className="size-4 rounded-full ring-1 ring-foreground/20 ring-inset"
          style={{ backgroundColor: color }}
        />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="min-w-40">
        <DropdownMenuRadioGroup value={color.toLowerCase()} onValueChange={onChange}>
          {TAG_COLOR_PRESETS.map((preset) => (
            <DropdownMenuRadioItem key={preset.id} value={preset.color}>
              <span
                aria-hidden="true"
                className="size-3.5 shrink-0 rounded-full ring-1 ring-foreground/20 ring-inset"
                style={{ backgroundColor: preset.color }}
              />
              {t(`tags.colors.${preset.id}`)}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
