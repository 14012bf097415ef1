import { screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { DocumentPreview, type DocumentPreviewProps } from './document-preview';
import { ExtractionNotice } from './extraction-notice';
import { isOfficeMimeType } from './office-preview';

// pdf.js does not run in jsdom; the PDF preview is checked in a browser. This stands in for it.
vi.mock('./pdf-preview', () => ({
  default: ({ url }: { url: string }) => <p>PDF viewer for {url}</p>,
}));

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PREVIEW_PATH = '/api/organizations/org_1/documents/doc_1/preview';

function renderPreview(document: Partial<DocumentPreviewProps['document']>) {
  return renderWithProviders(
    <DocumentPreview
      organizationId="org_1"
      document={{ id: 'doc_1', name: 'Report.docx', mimeType: DOCX, originalSize: 1000, ...document }}
    />,
  );
}

describe('the preview of an Office file', () => {
  test('shows its HTML rendering in a sandboxed frame that runs no script', () => {
    renderPreview({ preview: 'html', extractionStatus: 'done', content: 'Harbour report' });

    const frame = screen.getByTitle('Preview of Report.docx');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toMatch(new RegExp(`${PREVIEW_PATH}$`));
    // An empty sandbox: no scripts, no same origin, no forms, no popups, no top navigation.
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
  });

  test('shows its PDF rendering in the PDF viewer', async () => {
    renderPreview({ name: 'Budget.xlsx', mimeType: XLSX, preview: 'pdf', extractionStatus: 'done' });

    expect(await screen.findByText(new RegExp(`^PDF viewer for .*${PREVIEW_PATH}$`))).toBeInTheDocument();
  });

  test('shows a workbook without a rendering as its extracted text', () => {
    renderPreview({
      name: 'Budget.xlsx',
      mimeType: XLSX,
      preview: null,
      extractionStatus: 'done',
      content: 'Budget\nLighthouse paint\t1250',
    });

    const region = screen.getByRole('region', { name: 'Extracted text' });
    const text = region.querySelector('pre');
    expect(text?.textContent).toBe('Budget\nLighthouse paint\t1250');
    // The scrolling text can be reached by keyboard.
    expect(text).toHaveAttribute('tabindex', '0');
    expect(screen.queryByTitle(/Preview of/)).not.toBeInTheDocument();
  });

  test('waits for the extraction before showing any text', () => {
    renderPreview({ mimeType: XLSX, preview: null, extractionStatus: 'processing', content: '' });

    expect(screen.getByText('Loading preview')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Extracted text' })).not.toBeInTheDocument();
  });

  test('says when the text could not be extracted', () => {
    renderPreview({ mimeType: XLSX, preview: null, extractionStatus: 'failed', content: '' });

    expect(screen.getByText('No preview for this file')).toBeInTheDocument();
  });

  test('says when the file holds no text', () => {
    renderPreview({
      mimeType: 'application/vnd.oasis.opendocument.text',
      extractionStatus: 'done',
      content: ' ',
    });

    expect(screen.getByText('No text found')).toBeInTheDocument();
  });

  test('recognises Office, OpenDocument, EPUB and RTF types, macro-enabled ones included', () => {
    for (const type of [
      DOCX,
      XLSX,
      'application/vnd.ms-excel.sheet.macroenabled.12',
      'application/vnd.oasis.opendocument.presentation',
      'application/epub+zip',
      'application/rtf',
      'text/rtf; charset=latin1',
    ]) {
      expect(isOfficeMimeType(type), type).toBe(true);
    }
    for (const type of ['application/pdf', 'text/plain', 'application/zip', 'image/png']) {
      expect(isOfficeMimeType(type), type).toBe(false);
    }
  });
});

describe('the extraction notice', () => {
  test('says a capped text was cut', () => {
    renderWithProviders(
      <ExtractionNotice notice={{ code: 'extraction.text_capped', message: 'The text was cut.' }} />,
    );

    expect(
      screen.getByText(/Only the first megabyte of this spreadsheet’s text was kept/),
    ).toBeInTheDocument();
  });

  test('shows nothing without a notice', () => {
    renderWithProviders(<ExtractionNotice notice={null} />);

    expect(screen.queryByText(/Only the first megabyte/)).not.toBeInTheDocument();
  });
});
