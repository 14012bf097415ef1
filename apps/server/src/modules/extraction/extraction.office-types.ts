/**
 * The Office and other document formats read by extraction.office (officeparser, mammoth), by MIME
 * type. Pure: imported by extraction.models (which kind a type is) and by the upload's type table.
 */

/** The formats officeparser parses, by the name it gives them. */
export type OfficeFormat = 'docx' | 'xlsx' | 'pptx' | 'odt' | 'ods' | 'odp' | 'epub' | 'rtf' | 'html';

/**
 * MIME types → format. Macro-enabled and template variants are read as their plain format: only the
 * text parts are parsed, the macros (`vbaProject.bin`) are never read, let alone run.
 */
const OFFICE_FORMATS_BY_MIME_TYPE: Readonly<Record<string, OfficeFormat>> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.template': 'docx',
  'application/vnd.ms-word.document.macroenabled.12': 'docx',
  'application/vnd.ms-word.template.macroenabled.12': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.template': 'xlsx',
  'application/vnd.ms-excel.sheet.macroenabled.12': 'xlsx',
  'application/vnd.ms-excel.template.macroenabled.12': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.openxmlformats-officedocument.presentationml.slideshow': 'pptx',
  'application/vnd.openxmlformats-officedocument.presentationml.template': 'pptx',
  'application/vnd.ms-powerpoint.presentation.macroenabled.12': 'pptx',
  'application/vnd.ms-powerpoint.slideshow.macroenabled.12': 'pptx',
  'application/vnd.ms-powerpoint.template.macroenabled.12': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.text-template': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.spreadsheet-template': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'application/vnd.oasis.opendocument.presentation-template': 'odp',
  'application/epub+zip': 'epub',
  'application/rtf': 'rtf',
  'text/rtf': 'rtf',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
};

/** The format of a MIME type (parameters and case ignored), or undefined when it is not one of these. */
export function officeFormatOf(mimeType: string): OfficeFormat | undefined {
  const type = mimeType.split(';')[0]!.trim().toLowerCase();
  return Object.hasOwn(OFFICE_FORMATS_BY_MIME_TYPE, type) ? OFFICE_FORMATS_BY_MIME_TYPE[type] : undefined;
}

/** Formats stored as a zip container: checked for zip bombs before any library inflates them. */
export const ZIP_OFFICE_FORMATS: ReadonlySet<OfficeFormat> = new Set([
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'ods',
  'odp',
  'epub',
]);

/** Spreadsheets: their text is the cells', sheet by sheet, row by row, capped. */
export const SPREADSHEET_FORMATS: ReadonlySet<OfficeFormat> = new Set(['xlsx', 'ods']);

/** Formats LibreOffice (`soffice`) converts to PDF for a preview, when it is installed. */
export const SOFFICE_PREVIEW_FORMATS: ReadonlySet<OfficeFormat> = new Set([
  'docx',
  'xlsx',
  'pptx',
  'odt',
  'ods',
  'odp',
  'rtf',
]);
