import { describe, expect, it } from 'vitest';
import {
  CALENDAR_DATE_PATTERN,
  detectDocumentDate,
  isValidCalendarDate,
  type NumericDateOrder,
  numericDateOrderOf,
} from './document-dates';

const TODAY = '2026-05-01';

function detect(
  text: string,
  { order = 'dmy', fileName }: { order?: NumericDateOrder; fileName?: string | null } = {},
) {
  return detectDocumentDate({ text, fileName, order, today: TODAY });
}

describe('isValidCalendarDate', () => {
  it('accepts real days written YYYY-MM-DD, leap days of leap years included', () => {
    for (const date of ['2026-11-24', '2024-02-29', '2000-02-29', '1900-01-01', '2026-12-31']) {
      expect(isValidCalendarDate(date), date).toBe(true);
      expect(CALENDAR_DATE_PATTERN.test(date)).toBe(true);
    }
  });

  it('refuses days that do not exist and other shapes', () => {
    for (const date of [
      '2026-02-30',
      '2023-02-29',
      '1900-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
    ]) {
      expect(isValidCalendarDate(date), date).toBe(false);
    }
    for (const value of ['2026-1-5', '24/11/2026', '2026-11-24T00:00', ' 2026-11-24', '']) {
      expect(isValidCalendarDate(value), value).toBe(false);
    }
  });
});

describe('numericDateOrderOf', () => {
  it('reads ambiguous numeric dates month first for the en UI locale only', () => {
    expect(numericDateOrderOf('en')).toBe('mdy');
    for (const locale of ['fr', 'de', 'pt-BR', 'pt', 'pl', 'ro', 'es', 'it']) {
      expect(numericDateOrderOf(locale), locale).toBe('dmy');
    }
  });

  it('reads them day first when the locale is unknown', () => {
    expect(numericDateOrderOf(null)).toBe('dmy');
    expect(numericDateOrderOf(undefined)).toBe('dmy');
    expect(numericDateOrderOf('')).toBe('dmy');
  });
});

describe('detectDocumentDate', () => {
  it.each([
    // English
    ['Invoice date: November 24, 2026', '2026-11-24'],
    ['Invoice date: 24 November 2026', '2026-11-24'],
    ['Due Nov 24, 2026', '2026-11-24'],
    ['London, 24th November 2026', '2026-11-24'],
    ['Dated Nov. 24 2026', '2026-11-24'],
    ['SENT ON SEPT 3RD, 2025', '2025-09-03'],
    ['the 2nd of March 2024', '2024-03-02'],
    ['Booked 24-Nov-2026', '2026-11-24'],
    // French
    ['Paris, le 24 novembre 2026', '2026-11-24'],
    ['Lyon, le 1er mars 2024', '2024-03-01'],
    ['le 3 févr. 2025', '2025-02-03'],
    ['LE 3 FÉVRIER 2025', '2025-02-03'],
    ['le 15 aout 2025, sans accent', '2025-08-15'],
    ['facture du 2 déc. 2025', '2025-12-02'],
    // German
    ['Berlin, den 24. November 2026', '2026-11-24'],
    ['Rechnung vom 3. März 2024', '2024-03-03'],
    ['Rechnung vom 3. Maerz 2024', '2024-03-03'],
    ['Wien, am 7. JÄNNER 2025', '2025-01-07'],
    ['Stand: 12. Okt. 2025', '2025-10-12'],
    // Portuguese (pt and pt-BR)
    ['Lisboa, 24 de novembro de 2026', '2026-11-24'],
    ['São Paulo, 1º de março de 2024', '2024-03-01'],
    ['Emitida em 5 de MARCO de 2024', '2024-03-05'],
    ['Vencimento: 10 de out. de 2025', '2025-10-10'],
    // Polish
    ['Warszawa, 24 listopada 2026 r.', '2026-11-24'],
    ['Kraków, 3 września 2025', '2025-09-03'],
    ['Data: 3 wrzesnia 2025', '2025-09-03'],
    ['1 styczeń 2025', '2025-01-01'],
    ['Faktura z dnia 24 XI 2026', '2026-11-24'],
    ['Faktura z dnia 5.IV.2025', '2025-04-05'],
    // Romanian
    ['București, 24 noiembrie 2026', '2026-11-24'],
    ['Data facturii: 7 IAN. 2025', '2025-01-07'],
    ['1 martie 2024', '2024-03-01'],
    // Spanish
    ['Madrid, 24 de noviembre de 2026', '2026-11-24'],
    ['Fecha: 24 de nov. de 2026', '2026-11-24'],
    ['1º de ENERO de 2025', '2025-01-01'],
    ['Lima, 9 de setiembre de 2025', '2025-09-09'],
    // Italian
    ['Roma, 24 novembre 2026', '2026-11-24'],
    ['Milano, 1° marzo 2024', '2024-03-01'],
    ['Fattura del 12 GIU 2025', '2025-06-12'],
    ['scadenza 3 dic. 2025', '2025-12-03'],
    // Decomposed accents (e + combining acute) are read like composed ones
    ['le 3 fe\u0301vr. 2025', '2025-02-03'],
  ])('reads the written date in %j as %s', (text, expected) => {
    expect(detect(text)).toBe(expected);
  });

  it.each([
    ['ISO dashes', 'Date: 2026-11-24', '2026-11-24'],
    ['ISO slashes', 'Date: 2026/11/24', '2026-11-24'],
    ['an ISO timestamp', 'created 2026-03-15T10:20:00Z', '2026-03-15'],
    ['day first with slashes', 'Date: 24/11/2026', '2026-11-24'],
    ['month first with slashes', 'Date: 11/24/2026', '2026-11-24'],
    ['dots', 'Datum: 24.11.2026', '2026-11-24'],
    ['dots with one-digit day and month', 'Datum: 3.2.2026', '2026-02-03'],
    ['day first with dashes', 'Date: 24-11-2026', '2026-11-24'],
    ['dots and a two-digit year', 'Datum: 24.11.25', '2025-11-24'],
    ['slashes and a two-digit year', 'Date: 11/24/25', '2025-11-24'],
    ['a Polish year mark', 'Data: 24.11.2025r.', '2025-11-24'],
  ])('reads a numeric date written with %s', (_form, text, expected) => {
    expect(detect(text)).toBe(expected);
  });

  it('settles a numeric date whose day and month are both 12 or less by the order', () => {
    expect(detect('Date: 03/04/2025', { order: 'dmy' })).toBe('2025-04-03');
    expect(detect('Date: 03/04/2025', { order: 'mdy' })).toBe('2025-03-04');
    expect(detect('Date: 03-04-2025', { order: 'mdy' })).toBe('2025-03-04');
    expect(detect('Date: 3/4/25', { order: 'mdy' })).toBe('2025-03-04');
  });

  it('reads a part over 12 as the day whatever the order', () => {
    expect(detect('Date: 24/11/2025', { order: 'mdy' })).toBe('2025-11-24');
    expect(detect('Date: 11/24/2025', { order: 'dmy' })).toBe('2025-11-24');
  });

  it('always reads dotted dates day first', () => {
    expect(detect('Datum: 03.04.2025', { order: 'mdy' })).toBe('2025-04-03');
  });

  it('puts a two-digit year in the century that keeps the date at most a year ahead', () => {
    expect(detect('24.11.26')).toBe('2026-11-24');
    expect(detect('24.11.27')).toBe('1927-11-24');
    expect(detect('01.05.27')).toBe('2027-05-01');
    expect(detect('02.05.27')).toBe('1927-05-02');
  });

  it('ignores dates out of range and goes on to the next one', () => {
    expect(detect('Founded 1850-01-01. Invoice 2025-03-15')).toBe('2025-03-15');
    expect(detect('Valid until 31.12.2099, issued 2 March 2025')).toBe('2025-03-02');
    expect(detect('Expires 2 May 2027, issued 1 May 2026')).toBe('2026-05-01');
    expect(detect('Expires 1 May 2027')).toBe('2027-05-01');
  });

  it('ignores dates that do not exist and goes on to the next one', () => {
    expect(detect('31/02/2024 then 30 February 2024 then 2024-13-01 then 29.02.2023 and 01.03.2023')).toBe(
      '2023-03-01',
    );
  });

  it('takes the first date of the text over later ones, whatever their form', () => {
    expect(detect('Sent on 2 March 2025, paid 2025-01-10, due 15/04/2025')).toBe('2025-03-02');
    expect(detect('Paid 2025-01-10, sent on 2 March 2025')).toBe('2025-01-10');
    expect(detect('Due March 3, 2025 and 1 January 2025')).toBe('2025-03-03');
  });

  it('does not take a month and a year without a day for a date', () => {
    expect(detect('Statement for November 2025')).toBeNull();
    expect(detect('Statement for November 2025, sent 3 December 2025')).toBe('2025-12-03');
  });

  it('does not take numbers that are not dates for dates', () => {
    for (const text of [
      'Reference 12345-2024',
      'Version 1.2.3, build 10.0.19041.1',
      'Total 1.234,56 EUR',
      'Call +49 30 1234-5678 or 555-12-2024',
      'Server 192.168.1.1',
      'Release v1.2.34 and 1.2.34',
      'Order 112/11/2025',
      'Item 24.11.20267',
      'Lower case roman is Polish "and": 24 i 2025',
      'Invoice 20240315',
    ]) {
      expect(detect(text), text).toBeNull();
    }
  });

  it('falls back to a date in the file name when the text has none', () => {
    expect(detect('No date in here', { fileName: 'scan_20240315_001.pdf' })).toBe('2024-03-15');
    expect(detect('', { fileName: 'invoice 2024-03-15.pdf' })).toBe('2024-03-15');
    expect(detect('', { fileName: 'invoice_2024_03_15.pdf' })).toBe('2024-03-15');
    expect(detect('', { fileName: 'Rechnung 15.03.2024.pdf' })).toBe('2024-03-15');
    expect(detect('', { fileName: 'IMG_20240315_123456.jpg' })).toBe('2024-03-15');
    expect(detect('', { fileName: 'letter_3_March_2024.pdf' })).toBe('2024-03-03');
    expect(detect('', { fileName: 'statement-2024-03-15-001.pdf' })).toBe('2024-03-15');
  });

  it('prefers a date in the text over one in the file name', () => {
    expect(detect('Dated 2 March 2025', { fileName: 'scan_20240315.pdf' })).toBe('2025-03-02');
  });

  it('answers null when neither the text nor the file name holds a date', () => {
    expect(detect('Nothing to see here')).toBeNull();
    expect(detect('Nothing to see here', { fileName: null })).toBeNull();
    expect(detect('Nothing to see here', { fileName: 'scan_001.pdf' })).toBeNull();
    expect(detect('', { fileName: 'photo_12345678.jpg' })).toBeNull();
  });

  it('scans a text of megabytes without a date and finds none', () => {
    const text = 'Lorem ipsum 12 dolor sit amet, 1.234,56 EUR, version 1.2.3, marzo mars Nov 2026 de '.repeat(
      61_000,
    );
    expect(text.length).toBeGreaterThan(5_000_000);
    expect(detect(text)).toBeNull();
  });

  it('refuses a today that is not a calendar date', () => {
    expect(() => detectDocumentDate({ text: '', order: 'dmy', today: '2026-02-30' })).toThrow(RangeError);
  });
});
