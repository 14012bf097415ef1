import { CALENDAR_DATE_PATTERN, isValidCalendarDate } from './calendar-dates';

/**
 * Finds the date a document is about (a letter's date, an invoice date) in its text, else in its
 * original file name, for the archive. Pure and dependency-free: the server runs it on extracted
 * text and the demo in the browser.
 *
 * The text can be megabytes: one global regex (no nested quantifiers, every repetition bounded)
 * finds candidates in order, and the scan stops at the first one that is a real date in range.
 */

/** A calendar date 'YYYY-MM-DD'. */
export type CalendarDate = string;

export { CALENDAR_DATE_PATTERN, isValidCalendarDate };

/** Order of day, month and year in ambiguous numeric dates: 'mdy' for the 'en' UI locale, 'dmy' for every other. */
export type NumericDateOrder = 'dmy' | 'mdy';

export function numericDateOrderOf(locale: string | null | undefined): NumericDateOrder {
  return locale?.toLowerCase() === 'en' ? 'mdy' : 'dmy';
}

/** The earliest date accepted: older numbers are rather references, amounts or codes. */
const EARLIEST_DATE: CalendarDate = '1900-01-01';

/**
 * The first plausible date of the text (the first candidate, in reading order, that is a real
 * date between 1900-01-01 and a year after `today`), else of the file name, else null.
 * `order` settles numeric dates whose day and month are both 12 or less (dotted ones are always
 * day.month.year).
 */
export function detectDocumentDate(input: {
  text: string;
  fileName?: string | null;
  order: NumericDateOrder;
  today: CalendarDate;
}): CalendarDate | null {
  const { text, fileName, order, today } = input;
  if (!isValidCalendarDate(today)) throw new RangeError(`today is not a calendar date: ${today}`);
  // A string bound is enough: '2027-02-29' still sorts after every real day of February 2027.
  const latest = `${String(Number(today.slice(0, 4)) + 1).padStart(4, '0')}${today.slice(4)}`;
  const fromText = firstDateIn(text, TEXT_CANDIDATES, order, latest);
  if (fromText !== null || !fileName) return fromText;
  // Underscores separate words in file names (`scan_2024_03_15.pdf`): read them as dashes.
  return firstDateIn(fileName.replaceAll('_', '-'), FILE_NAME_CANDIDATES, order, latest);
}

// ---------------------------------------------------------------------------------------------
// Month names

/**
 * Month names and common abbreviations of the nine UI languages (en, fr, de, pt, pl, ro, es, it),
 * written with their accents: the pattern also takes them unaccented or decomposed (see
 * accentTolerant), and in any case. Polish has both the genitive (`24 listopada 2026`) and the
 * nominative; German also the Austrian `Jänner`/`Feber` and the `ae` spelling of `März`.
 */
const MONTH_NAMES: ReadonlyArray<readonly string[]> = [
  // 1
  [
    'january',
    'jan',
    'janvier',
    'janv',
    'januar',
    'jänner',
    'jaenner',
    'jän',
    'janeiro',
    'stycznia',
    'styczeń',
    'sty',
    'ianuarie',
    'ian',
    'enero',
    'ene',
    'gennaio',
    'gen',
  ],
  // 2
  [
    'february',
    'feb',
    'février',
    'févr',
    'fév',
    'februar',
    'feber',
    'fevereiro',
    'fev',
    'lutego',
    'luty',
    'lut',
    'februarie',
    'febrero',
    'febbraio',
  ],
  // 3
  ['march', 'mar', 'mars', 'märz', 'maerz', 'mär', 'mrz', 'março', 'marca', 'marzec', 'martie', 'marzo'],
  // 4
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'kwietnia', 'kwiecień', 'kwi', 'aprilie', 'aprile'],
  // 5
  ['may', 'mai', 'maio', 'maja', 'maj', 'mayo', 'maggio', 'mag'],
  // 6
  [
    'june',
    'jun',
    'juin',
    'juni',
    'junho',
    'czerwca',
    'czerwiec',
    'cze',
    'iunie',
    'iun',
    'junio',
    'giugno',
    'giu',
  ],
  // 7
  [
    'july',
    'jul',
    'juillet',
    'juil',
    'juli',
    'julho',
    'lipca',
    'lipiec',
    'lip',
    'iulie',
    'iul',
    'julio',
    'luglio',
    'lug',
  ],
  // 8
  ['august', 'aug', 'août', 'agosto', 'ago', 'sierpnia', 'sierpień', 'sie'],
  // 9
  [
    'september',
    'sep',
    'sept',
    'septembre',
    'setembro',
    'set',
    'września',
    'wrzesień',
    'wrz',
    'septembrie',
    'septiembre',
    'setiembre',
    'settembre',
    'sett',
  ],
  // 10
  [
    'october',
    'oct',
    'octobre',
    'oktober',
    'okt',
    'outubro',
    'out',
    'października',
    'październik',
    'paź',
    'octombrie',
    'octubre',
    'ottobre',
    'ott',
  ],
  // 11
  ['november', 'nov', 'novembre', 'novembro', 'listopada', 'listopad', 'lis', 'noiembrie', 'noviembre'],
  // 12
  [
    'december',
    'dec',
    'décembre',
    'déc',
    'dezember',
    'dez',
    'dezembro',
    'grudnia',
    'grudzień',
    'gru',
    'decembrie',
    'diciembre',
    'dicembre',
    'dic',
  ],
];

/**
 * English names, the only ones also read before the day (`November 24, 2026`): in the other
 * languages the day comes first, and some of their abbreviations are English words (`set`, `out`, `ago`).
 */
const ENGLISH_MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
];

/** Roman month numbers (Polish `24 XI 2026`), taken in capitals only: `i` is Polish for "and". */
const ROMAN_MONTHS = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];

/** Lower case, without diacritics: the key of a month name however it was written. */
function foldMonthName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const MONTH_BY_FOLDED_NAME = new Map<string, number>();
MONTH_NAMES.forEach((names, index) => {
  for (const name of names) {
    const key = foldMonthName(name);
    const known = MONTH_BY_FOLDED_NAME.get(key);
    // Two months sharing a folded name would make dates silently wrong: refuse at load.
    if (known !== undefined && known !== index + 1) throw new Error(`Month name ${name} is ambiguous`);
    MONTH_BY_FOLDED_NAME.set(key, index + 1);
  }
});

/** A pattern for the name that also takes each accented letter unaccented or decomposed. */
function accentTolerant(name: string): string {
  return [...name.normalize('NFC')]
    .map((letter) => {
      const base = letter.normalize('NFD').replace(/\p{M}/gu, '');
      return base === letter ? letter : `(?:${letter}|${base}\\p{M}{0,2})`;
    })
    .join('');
}

/** Longest first, so `mars` is tried before `mar` (the pattern also requires no letter after). */
function alternationOf(names: readonly string[]): string {
  return [...new Set(names)]
    .sort((a, b) => b.length - a.length)
    .map(accentTolerant)
    .join('|');
}

// ---------------------------------------------------------------------------------------------
// Candidates

/**
 * Numeric forms must not be part of a longer number: no digit directly around them, and not
 * continued by a dot and a digit (versions `1.2.2024.5`, IP addresses).
 */
const NUMBER_START = String.raw`(?<!\d|\d\.)`;
const NUMBER_END = String.raw`(?!\d|\.\d)`;
/** Two-digit years are riskier (`v1.2.34`, fractions): no letter, dot or slash may lead in either. */
const SHORT_YEAR_START = String.raw`(?<![\p{L}\d./])`;
const SHORT_YEAR_END = String.raw`(?!\d|[./]\d)`;
/** Ordinal marks after a day: `24th`, `1er`, `3.`, `1°`, `1º`, `1.º`. */
const DAY_SUFFIX = String.raw`(?:st|nd|rd|th|er|\.?[°ºª]|\.)?`;

const ISO = String.raw`${NUMBER_START}(?<isoYear>\d{4})(?<isoSeparator>[-/.])(?<isoMonth>\d{1,2})\k<isoSeparator>(?<isoDay>\d{1,2})${NUMBER_END}`;
/** `24/11/2026`, `11/24/2026`, `24-11-2026`: day and month settled by their values, else by the order. */
const SLASHED = String.raw`${NUMBER_START}(?<slashedFirst>\d{1,2})(?<slashedSeparator>[-/])(?<slashedSecond>\d{1,2})\k<slashedSeparator>(?<slashedYear>\d{4})${NUMBER_END}`;
/** `24.11.2026`: always day first. */
const DOTTED = String.raw`${NUMBER_START}(?<dottedDay>\d{1,2})\.(?<dottedMonth>\d{1,2})\.(?<dottedYear>\d{4})${NUMBER_END}`;
/**
 * `24.11.26` with two-digit day and month (so versions like `1.2.34` stay out), and `11/24/26`;
 * never with dashes (references, phone numbers). The century puts the date at most a year ahead.
 */
const DOTTED_SHORT_YEAR = String.raw`${SHORT_YEAR_START}(?<shortDottedDay>\d{2})\.(?<shortDottedMonth>\d{2})\.(?<shortDottedYear>\d{2})${SHORT_YEAR_END}`;
const SLASHED_SHORT_YEAR = String.raw`${SHORT_YEAR_START}(?<shortSlashedFirst>\d{1,2})\/(?<shortSlashedSecond>\d{1,2})\/(?<shortSlashedYear>\d{2})${SHORT_YEAR_END}`;
/** `24 November 2026`, `1er mars 2024`, `3. März 2024`, `24 de nov. de 2026`, `24-Nov-2026`, `24 XI 2026`. */
const DAY_FIRST = String.raw`(?<![\p{L}\d])(?<writtenDay>\d{1,2})(?!\d)${DAY_SUFFIX}[\s./-]{1,3}(?:(?:de|of)\s{1,3})?(?<writtenMonth>${alternationOf([...MONTH_NAMES.flat(), ...ROMAN_MONTHS])})(?!\p{L})[\s.,/-]{1,4}(?:de\s{1,3})?(?<writtenYear>\d{4})(?!\d)`;
/** `November 24, 2026`, `Nov. 24 2026`, `November 24th, 2026`. */
const MONTH_FIRST = String.raw`(?<![\p{L}\d])(?<englishMonth>${alternationOf(ENGLISH_MONTH_NAMES)})(?!\p{L})[\s.,/-]{1,4}(?<englishDay>\d{1,2})(?!\d)(?:st|nd|rd|th)?[\s.,/-]{1,4}(?<englishYear>\d{4})(?!\d)`;
/** `20240315`, in file names only (in a text, eight digits are rather a number). */
const COMPACT = String.raw`(?<!\d)(?<compactYear>\d{4})(?<compactMonth>\d{2})(?<compactDay>\d{2})(?!\d)`;

// Four-digit years before two-digit ones: at the same place, `24.11.2026` is not `24.11.20`.
const TEXT_FORMS = [ISO, SLASHED, DOTTED, DAY_FIRST, MONTH_FIRST, DOTTED_SHORT_YEAR, SLASHED_SHORT_YEAR];
const TEXT_CANDIDATES = new RegExp(TEXT_FORMS.join('|'), 'giu');
const FILE_NAME_CANDIDATES = new RegExp([...TEXT_FORMS, COMPACT].join('|'), 'giu');

function firstDateIn(
  text: string,
  candidates: RegExp,
  order: NumericDateOrder,
  latest: CalendarDate,
): CalendarDate | null {
  candidates.lastIndex = 0;
  for (let match = candidates.exec(text); match !== null; match = candidates.exec(text)) {
    const date = dateOf(match.groups ?? {}, order, latest);
    if (date !== null && date >= EARLIEST_DATE && date <= latest) return date;
    // Not a date: try again from the next character, so a candidate overlapping it is not lost.
    candidates.lastIndex = match.index + 1;
  }
  return null;
}

type Groups = Record<string, string | undefined>;

function dateOf(groups: Groups, order: NumericDateOrder, latest: CalendarDate): CalendarDate | null {
  const number = (name: string) => Number(groups[name]);
  if (groups.isoYear !== undefined)
    return calendarDate(number('isoYear'), number('isoMonth'), number('isoDay'));
  if (groups.slashedYear !== undefined) {
    const [day, month] = dayAndMonth(number('slashedFirst'), number('slashedSecond'), order);
    return calendarDate(number('slashedYear'), month, day);
  }
  if (groups.dottedYear !== undefined) {
    return calendarDate(number('dottedYear'), number('dottedMonth'), number('dottedDay'));
  }
  if (groups.writtenYear !== undefined) {
    const month = monthOfName(groups.writtenMonth ?? '');
    return month === null ? null : calendarDate(number('writtenYear'), month, number('writtenDay'));
  }
  if (groups.englishYear !== undefined) {
    const month = monthOfName(groups.englishMonth ?? '');
    return month === null ? null : calendarDate(number('englishYear'), month, number('englishDay'));
  }
  if (groups.shortDottedYear !== undefined) {
    return withShortYear(
      number('shortDottedYear'),
      number('shortDottedMonth'),
      number('shortDottedDay'),
      latest,
    );
  }
  if (groups.shortSlashedYear !== undefined) {
    const [day, month] = dayAndMonth(number('shortSlashedFirst'), number('shortSlashedSecond'), order);
    return withShortYear(number('shortSlashedYear'), month, day, latest);
  }
  if (groups.compactYear !== undefined) {
    return calendarDate(number('compactYear'), number('compactMonth'), number('compactDay'));
  }
  return null;
}

/** [day, month] of two numbers: a number over 12 can only be the day; otherwise the order says. */
function dayAndMonth(first: number, second: number, order: NumericDateOrder): [number, number] {
  if (first > 12) return [first, second];
  if (second > 12) return [second, first];
  return order === 'dmy' ? [first, second] : [second, first];
}

function monthOfName(name: string): number | null {
  const month = MONTH_BY_FOLDED_NAME.get(foldMonthName(name));
  if (month !== undefined) return month;
  const roman = ROMAN_MONTHS.indexOf(name);
  return roman === -1 ? null : roman + 1;
}

/** The 21st century unless that puts the date more than a year ahead, then the 20th. */
function withShortYear(
  shortYear: number,
  month: number,
  day: number,
  latest: CalendarDate,
): CalendarDate | null {
  const recent = calendarDate(2000 + shortYear, month, day);
  return recent !== null && recent <= latest ? recent : calendarDate(1900 + shortYear, month, day);
}

function calendarDate(year: number, month: number, day: number): CalendarDate | null {
  const date = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isValidCalendarDate(date) ? date : null;
}
