import { TAG_COLOR_PRESETS } from '@sheaf/contracts/tags';
import { Check, Pipette } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readableTextColor } from '../../../shared/color/contrast';
import { cn } from '../../../shared/ui/cn';
import { Popover, PopoverContent, PopoverTrigger } from '../../../shared/ui/popover';
import { Spinner } from '../../../shared/ui/spinner';
import { normalizeHex } from '../color';

/** The sliders and hex input are only loaded once the custom colour popover is opened. */
const ColorPickerPopover = lazy(() =>
  import('./color-picker-popover').then((module) => ({ default: module.ColorPickerPopover })),
);

const swatchClasses = cn(
  'relative flex size-7 shrink-0 items-center justify-center rounded-full ring-1 ring-foreground/20 ring-inset',
  'transition-transform outline-none hover:scale-110',
  'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-surface',
);

/** A check mark readable on any swatch: dark on light colours, light on dark ones. */
function SwatchCheck({ color }: { color: string }) {
  // Black or white, whichever reaches WCAG AA on the swatch (lime and yellow take black).
  return (
    <Check
      className="size-4"
      style={{ color: readableTextColor(normalizeHex(color) ?? '#000000') }}
      aria-hidden="true"
      strokeWidth={3}
    />
  );
}

export type ColorPickerProps = {
  /** The colour, hex (sent lower-case). */
  value: string;
  onChange: (color: string) => void;
  /** Accessible name of the swatch group (defaults to the translated "Colour"). */
  label?: string;
  /** Id of an element naming the group, instead of `label`. */
  labelledBy?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  className?: string;
};

/**
 * Tag colour picker (spec §2): the ten preset swatches as a radio group (arrow keys move between them), and
 * a Custom colour button opening a popover with hue, saturation and lightness sliders and a hex input.
 */
export function ColorPicker({
  value,
  onChange,
  label,
  labelledBy,
  className,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
}: ColorPickerProps) {
  const { t } = useTranslation();
  const name = useId();
  const [isCustomOpen, setIsCustomOpen] = useState(false);
  const current = normalizeHex(value) ?? value.toLowerCase();
  const isPreset = TAG_COLOR_PRESETS.some((preset) => preset.color === current);

  return (
    <div
      role="radiogroup"
      aria-label={labelledBy ? undefined : (label ?? t('tags.form.color'))}
      aria-labelledby={labelledBy}
      aria-invalid={ariaInvalid || undefined}
      aria-describedby={ariaDescribedBy}
      className={cn('flex flex-wrap items-center gap-2', className)}
    >
      {TAG_COLOR_PRESETS.map((preset) => {
        const isChecked = preset.color === current;
        return (
          <label key={preset.id} className="relative cursor-pointer">
            <input
              type="radio"
              name={name}
              value={preset.color}
              checked={isChecked}
              onChange={() => onChange(preset.color)}
              aria-label={t(`tags.colors.${preset.id}`)}
              className="peer sr-only"
            />
            <span
              aria-hidden="true"
              title={t(`tags.colors.${preset.id}`)}
              className={cn(
                swatchClasses,
                'peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-surface',
              )}
              style={{ backgroundColor: preset.color }}
            >
              {isChecked ? <SwatchCheck color={preset.color} /> : null}
            </span>
          </label>
        );
      })}
      {/* The custom colour button sits with the swatches (one row of choices) but is not a radio. */}
      <Popover open={isCustomOpen} onOpenChange={setIsCustomOpen}>
        <PopoverTrigger
          type="button"
          aria-label={t('tags.form.custom-color')}
          title={t('tags.form.custom-color')}
          className={cn(
            swatchClasses,
            isPreset
              ? 'bg-[conic-gradient(from_0deg,#ff5c5c,#ffa24d,#d8ff75,#5fd4c5,#4d7cff,#a77bff,#ff7ac6,#ff5c5c)]'
              : undefined,
          )}
          style={isPreset ? undefined : { backgroundColor: current }}
        >
          {isPreset ? (
            <span className="flex size-5 items-center justify-center rounded-full bg-surface text-foreground">
              <Pipette className="size-3" aria-hidden="true" />
            </span>
          ) : (
            <SwatchCheck color={current} />
          )}
        </PopoverTrigger>
        <PopoverContent align="start" className="w-72 p-3" aria-label={t('tags.form.custom-color')}>
          <Suspense
            fallback={
              <div className="flex h-40 items-center justify-center">
                <Spinner />
              </div>
            }
          >
            {isCustomOpen ? <ColorPickerPopover value={current} onChange={onChange} /> : null}
          </Suspense>
        </PopoverContent>
      </Popover>
    </div>
  );
}
