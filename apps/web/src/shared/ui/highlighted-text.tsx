import { Fragment } from 'react';
import { cn } from './cn';

/** A range of a text, `text.slice(start, end)` (UTF-16 offsets). */
export type TextRange = { start: number; end: number };

export type TextPart = { text: string; isMatch: boolean };

/**
 * Splits a text into plain and matched parts. Ranges are clamped to the text, sorted, and merged when they
 * overlap or touch; empty or inverted ranges are ignored.
 */
export function splitByRanges(text: string, ranges: readonly TextRange[]): TextPart[] {
  const sorted = ranges
    .map(({ start, end }) => ({
      start: Math.max(0, Math.min(text.length, Math.floor(start))),
      end: Math.max(0, Math.min(text.length, Math.floor(end))),
    }))
    .filter(({ start, end }) => Number.isFinite(start) && Number.isFinite(end) && end > start)
    .sort((a, b) => a.start - b.start);

  const merged: TextRange[] = [];
  for (const range of sorted) {
    const last = merged.at(-1);
    if (last && range.start <= last.end) {
      last.end = Math.max(last.end, range.end);
    } else {
      merged.push({ ...range });
    }
  }

  const parts: TextPart[] = [];
  let cursor = 0;
  for (const { start, end } of merged) {
    if (start > cursor) parts.push({ text: text.slice(cursor, start), isMatch: false });
    parts.push({ text: text.slice(start, end), isMatch: true });
    cursor = end;
  }
  if (cursor < text.length) parts.push({ text: text.slice(cursor), isMatch: false });
  return parts;
}

/** The highlight of a match: a soft amber marker that keeps the text's own colour, in light and dark. */
export const markClasses =
  'rounded-[0.1875rem] bg-warning/25 px-px text-foreground [box-decoration-break:clone] dark:bg-warning/30';

/** A text with its matched ranges in `<mark>` (search snippets). */
export function HighlightedText({
  text,
  ranges,
  className,
  markClassName,
}: {
  text: string;
  ranges: readonly TextRange[];
  className?: string;
  markClassName?: string;
}) {
  const parts = splitByRanges(text, ranges);
  let offset = 0;
  return (
    <span className={className}>
      {parts.map((part) => {
        const key = offset;
        offset += part.text.length;
        return part.isMatch ? (
          <mark key={key} className={cn(markClasses, markClassName)}>
            {part.text}
          </mark>
        ) : (
          <Fragment key={key}>{part.text}</Fragment>
        );
      })}
    </span>
  );
}
