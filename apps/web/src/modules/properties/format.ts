import type { LocaleCode } from '@sheaf/contracts/locales';
import type { MonetaryValue, PropertyDefinitionDto, PropertyValue } from '@sheaf/contracts/properties';
import { useTranslation } from 'react-i18next';
import { getCurrentLocale } from '../../shared/i18n/i18n';

/**
 * Property values as people read them, in the UI language, with Intl: "24 nov. 2026", "1 234,50 €",
 * "Yes". Shared by the document page, the settings page and the documents list's columns.
 */

/**
 * A calendar date 'YYYY-MM-DD' in the locale's words. Read and written in UTC: a calendar date has
 * no time zone, and reading it as local midnight would show the day before west of Greenwich.
 */
export function formatCalendarDate(
  value: string,
  locale: string,
  dateStyle: 'medium' | 'long' | 'full' = 'medium',
): string {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale, { dateStyle, timeZone: 'UTC' }).format(date);
}

export function formatNumber(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 20 }).format(value);
}

/** An amount in its currency ("€1,234.50", "1 234,50 €"); an unknown code reads as "1,234.50 XYZ". */
export function formatMoney({ amount, currency }: MonetaryValue, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return `${formatNumber(amount, locale)} ${currency}`;
  }
}

/** The locale's decimal separator ("." or ","). */
export function decimalSeparatorOf(locale: string): string {
  return (
    new Intl.NumberFormat(locale).formatToParts(1.5).find((part) => part.type === 'decimal')?.value ?? '.'
  );
}

/** A number as typed back into an input: no grouping, the locale's decimal separator ("1234,5" in French). */
export function numberInputValue(value: number, locale: string): string {
  return new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 20 }).format(value);
}

const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;

/**
 * A number typed in the locale's way, or null when it is not one ("abc", "1..2"). Spaces and
 * apostrophes group digits anywhere; where the decimal separator is a comma, "1.234,5" and "1,5"
 * read as in the locale and "1.5" still as one and a half (a point alone is never a thousands
 * separator there); where it is a point, commas group digits.
 */
export function parseLocaleNumber(input: string, locale: string): number | null {
  let text = input.replace(/[\s\u00a0\u202f'’]/g, '');
  if (text === '') return null;
  if (decimalSeparatorOf(locale) === ',') {
    if (text.includes(',')) text = text.replace(/\./g, '').replace(',', '.');
  } else {
    text = text.replace(/,/g, '');
  }
  if (!PLAIN_NUMBER.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Codes most often picked first, then every other ISO 4217 code the browser knows. */
const COMMON_CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'PLN', 'RON', 'BRL', 'CAD', 'JPY'];

export function currencyCodes(): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('currency') : [];
  return [...new Set([...COMMON_CURRENCIES, ...known])];
}

/** "Euro" for EUR in English, "euro" in French; undefined for a code the browser does not know. */
export function currencyName(code: string, locale: string): string | undefined {
  if (!/^[A-Z]{3}$/.test(code)) return undefined;
  try {
    const name = new Intl.DisplayNames(locale, { type: 'currency', fallback: 'none' }).of(code);
    return name && name !== code ? name : undefined;
  } catch {
    return undefined;
  }
}

export type FormatPropertyValue = (
  definition: Pick<PropertyDefinitionDto, 'type' | 'options'>,
  value: PropertyValue,
) => string;

/** Formats values in the UI language; members by the names given (their ids otherwise). */
export function usePropertyValueFormatter(
  memberName: (userId: string) => string | undefined = () => undefined,
): { locale: LocaleCode; format: FormatPropertyValue } {
  const { t, i18n } = useTranslation();
  const locale = getCurrentLocale(i18n);
  const optionName = (definition: Pick<PropertyDefinitionDto, 'options'>, id: string) =>
    definition.options.find((option) => option.id === id)?.name ?? t('properties.values.unknown-option');
  const format: FormatPropertyValue = (definition, value) => {
    if (Array.isArray(value)) {
      return new Intl.ListFormat(locale, { type: 'unit', style: 'narrow' }).format(
        value.map((id) => optionName(definition, id)),
      );
    }
    if (typeof value === 'object') return formatMoney(value, locale);
    if (typeof value === 'boolean') return value ? t('properties.values.yes') : t('properties.values.no');
    if (typeof value === 'number') return formatNumber(value, locale);
    switch (definition.type) {
      case 'date':
        return formatCalendarDate(value, locale);
      case 'select':
        return optionName(definition, value);
      case 'member':
        return memberName(value) ?? t('properties.values.former-member');
      default:
        return value;
    }
  };
  return { locale, format };
}
