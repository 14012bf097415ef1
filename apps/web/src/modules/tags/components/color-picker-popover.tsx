import { type CSSProperties, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readableTextColor } from '../../../shared/color/contrast';
import { cn } from '../../../shared/ui/cn';
import { Input } from '../../../shared/ui/input';
import { Label } from '../../../shared/ui/label';
import { type Hsl, hexToHsl, hslToHex, parseColor } from '../color';

const sliderClasses = cn(
  'h-3 w-full cursor-pointer appearance-none rounded-full ring-1 ring-foreground/15 ring-inset outline-none',
  'focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-surface',
  '[&::-webkit-slider-thumb]:size-4 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full',
  '[&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-white [&::-webkit-slider-thumb]:bg-transparent',
  '[&::-webkit-slider-thumb]:shadow-[0_0_0_1px_rgb(0_0_0/0.5),0_1px_3px_rgb(0_0_0/0.4)]',
  '[&::-moz-range-thumb]:size-3 [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2',
  '[&::-moz-range-thumb]:border-white [&::-moz-range-thumb]:bg-transparent',
  '[&::-moz-range-thumb]:shadow-[0_0_0_1px_rgb(0_0_0/0.5),0_1px_3px_rgb(0_0_0/0.4)]',
);

function Slider({
  label,
  value,
  max,
  valueText,
  background,
  onChange,
}: {
  label: string;
  value: number;
  max: number;
  valueText: string;
  background: string;
  onChange: (value: number) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between text-xs">
        <Label htmlFor={id} className="text-xs">
          {label}
        </Label>
        <span className="tabular-nums text-muted-foreground" aria-hidden="true">
          {valueText}
        </span>
      </div>
      <input
        id={id}
        type="range"
        min={0}
        max={max}
        step={1}
        value={Math.round(value)}
        aria-valuetext={valueText}
        onChange={(event) => onChange(Number(event.target.value))}
        className={sliderClasses}
        style={{ background } as CSSProperties}
      />
    </div>
  );
}

const HUE_GRADIENT =
  'linear-gradient(to right, #ff0000, #ffff00 17%, #00ff00 33%, #00ffff 50%, #0000ff 67%, #ff00ff 83%, #ff0000)';

/**
 * The custom colour popover's content (lazy-loaded): hue, saturation and lightness sliders and a hex input
 * that also reads rgb(), hsl() and hsb() notations; invalid text is ignored until it becomes valid.
 */
export function ColorPickerPopover({
  value,
  onChange,
}: {
  value: string;
  onChange: (color: string) => void;
}) {
  const { t } = useTranslation();
  const hexId = useId();
  const [hsl, setHsl] = useState<Hsl>(() => hexToHsl(value) ?? { h: 0, s: 0, l: 0, a: 1 });
  const [text, setText] = useState(value);

  // Follow the value when it changes from elsewhere (a preset, the hex input), keeping the hue of greys.
  useEffect(() => {
    setHsl((current) => (hslToHex(current) === value ? current : (hexToHsl(value) ?? current)));
    setText((current) => (parseColor(current) === value ? current : value));
  }, [value]);

  const update = (changes: Partial<Hsl>) => {
    const next = { ...hsl, ...changes };
    setHsl(next);
    onChange(hslToHex(next));
  };

  return (
    <div className="grid gap-3">
      <div
        aria-hidden="true"
        className="flex h-10 items-center justify-center rounded-md font-mono text-sm ring-1 ring-foreground/15 ring-inset"
        style={{ backgroundColor: value, color: readableTextColor(value) }}
      >
        {value}
      </div>
      <Slider
        label={t('tags.color-picker.hue')}
        value={hsl.h}
        max={359}
        valueText={`${Math.round(hsl.h)}°`}
        background={HUE_GRADIENT}
        onChange={(h) => update({ h })}
      />
      <Slider
        label={t('tags.color-picker.saturation')}
        value={hsl.s}
        max={100}
        valueText={`${Math.round(hsl.s)}%`}
        background={`linear-gradient(to right, hsl(${hsl.h} 0% ${hsl.l}%), hsl(${hsl.h} 100% ${hsl.l}%))`}
        onChange={(s) => update({ s })}
      />
      <Slider
        label={t('tags.color-picker.lightness')}
        value={hsl.l}
        max={100}
        valueText={`${Math.round(hsl.l)}%`}
        background={`linear-gradient(to right, #000000, hsl(${hsl.h} ${hsl.s}% 50%), #ffffff)`}
        onChange={(l) => update({ l })}
      />
      <div className="grid gap-1.5">
        <Label htmlFor={hexId} className="text-xs">
          {t('tags.color-picker.hex')}
        </Label>
        <Input
          id={hexId}
          value={text}
          placeholder="#000000"
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          onChange={(event) => {
            setText(event.target.value);
            const parsed = parseColor(event.target.value);
            if (parsed && parsed !== value) {
              onChange(parsed);
            }
          }}
          onBlur={() => setText((current) => (parseColor(current) ? current : value))}
        />
      </div>
    </div>
  );
}
