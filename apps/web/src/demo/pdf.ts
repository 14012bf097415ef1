/**
 * A minimal one-page PDF with a real text layer (Helvetica, WinAnsi encoding): what the demo's
 * seed documents are made of, so that previews, extraction and search work on them.
 */
const PAGE_WIDTH = 595;
const PAGE_HEIGHT = 842;
const MARGIN = 56;
const LINE_HEIGHT = 15;
const MAX_LINE_CHARS = 88;

/** Latin-1 bytes of a PDF string literal, escaped; characters outside Latin-1 become '?'. */
function pdfString(text: string): string {
  let out = '';
  for (const character of text) {
    const code = character.codePointAt(0) ?? 63;
    if (character === '(' || character === ')' || character === '\\') out += `\\${character}`;
    else if (code < 32 || code > 255) out += code === 0x2019 ? "'" : '?';
    else if (code > 126) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += character;
  }
  return `(${out})`;
}

function wrap(paragraph: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(/\s+/)) {
    if (line && line.length + word.length + 1 > MAX_LINE_CHARS) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  lines.push(line);
  return lines;
}

export function makeTextPdf({ title, paragraphs }: { title: string; paragraphs: string[] }): Uint8Array {
  const body = paragraphs.flatMap((paragraph) => [...wrap(paragraph), '']);
  const content = [
    'BT',
    `/F2 18 Tf ${MARGIN} ${PAGE_HEIGHT - MARGIN - 10} Td ${pdfString(title)} Tj`,
    `/F1 11 Tf ${LINE_HEIGHT} TL 0 -${LINE_HEIGHT * 2} Td`,
    ...body.map((line) => `${pdfString(line)} Tj T*`),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  // Every character is one byte (Latin-1), so string lengths are byte offsets.
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(pdf, (character) => character.charCodeAt(0));
}
