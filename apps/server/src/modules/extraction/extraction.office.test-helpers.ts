import { deflateRawSync } from 'node:zlib';
import { Document, ExternalHyperlink, ImageRun, Packer, Paragraph, TextRun } from 'docx';
import ExcelJS from 'exceljs';
import { strToU8, type Zippable, zipSync } from 'fflate';
import PptxGenJS from 'pptxgenjs';
import yauzl from 'yauzl';

/**
 * Office files for the tests, made by real writers: `docx` (Word), `exceljs` (Excel), `pptxgenjs`
 * (PowerPoint). npm has no maintained writer of OpenDocument text/spreadsheet/presentation files or
 * of EPUB books that runs offline, so those are built here as their specifications lay them out: a
 * zip (fflate) whose first entry is the uncompressed `mimetype`, a manifest and the content XML. The
 * hostile files are real writers' files changed the way an attacker would: a huge zero-filled part
 * added (a zip bomb), 100,000 sheet parts listed in a workbook, a file cut short, a macro project
 * added to a .docx (a .docm), an image linked from outside.
 */

/** A one-pixel PNG (red), to embed. */
export const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

export async function createDocx(
  paragraphs: string[],
  { image, link }: { image?: Buffer; link?: { text: string; url: string } } = {},
): Promise<Buffer> {
  const children = paragraphs.map((text) => new Paragraph({ children: [new TextRun(text)] }));
  if (image) {
    children.push(
      new Paragraph({
        children: [new ImageRun({ type: 'png', data: image, transformation: { width: 20, height: 20 } })],
      }),
    );
  }
  if (link) {
    children.push(
      new Paragraph({
        children: [new ExternalHyperlink({ link: link.url, children: [new TextRun(link.text)] })],
      }),
    );
  }
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

export async function createXlsx(sheets: Array<{ name: string; rows: unknown[][] }>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name);
    for (const row of sheet.rows) worksheet.addRow(row);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function createPptx(slides: string[]): Promise<Buffer> {
  const presentation = new PptxGenJS();
  for (const text of slides) presentation.addSlide().addText(text, { x: 0.5, y: 0.5, w: 9, h: 1 });
  return (await presentation.write({ outputType: 'nodebuffer' })) as Buffer;
}

/** A zip with these entries, in this order; `mimetype` (ODF, EPUB) and `store`d names uncompressed. */
export function zip(
  entries: Array<[name: string, content: Buffer | string]>,
  { store = (name: string) => name === 'mimetype' }: { store?: (name: string) => boolean } = {},
): Promise<Buffer> {
  const files: Zippable = {};
  for (const [name, content] of entries) {
    const data = Buffer.isBuffer(content) ? new Uint8Array(content) : strToU8(content);
    files[name] = [data, { level: store(name) || name.endsWith('/') ? 0 : 6 }];
  }
  return Promise.resolve(Buffer.from(zipSync(files)));
}

/** The entries of a zip, in order. */
export function unzip(data: Buffer): Promise<Array<[string, Buffer]>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zipfile) => {
      if (error) return reject(error);
      const entries: Array<[string, Buffer]> = [];
      zipfile.on('entry', (entry: yauzl.Entry) => {
        zipfile.openReadStream(entry, (streamError, stream) => {
          if (streamError) return reject(streamError);
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.push([entry.fileName, Buffer.concat(chunks)]);
            zipfile.readEntry();
          });
        });
      });
      zipfile.on('end', () => resolve(entries));
      zipfile.readEntry();
    });
  });
}

/** A zip file with its entries changed by `change` (names to contents; new ones appended). */
async function repack(
  data: Buffer,
  change: (entries: Map<string, Buffer | string>) => void,
  options?: Parameters<typeof zip>[1],
): Promise<Buffer> {
  const entries = new Map<string, Buffer | string>(await unzip(data));
  change(entries);
  return zip([...entries], options);
}

const ODF_TYPES = {
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
} as const;

const ODF_NAMESPACES =
  'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" office:version="1.3"';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * An OpenDocument file (ODF 1.3 package): `odt` paragraphs, `ods` one sheet of rows, `odp` one
 * slide per text.
 */
export function createOdf(
  type: keyof typeof ODF_TYPES,
  content: { paragraphs?: string[]; rows?: string[][]; slides?: string[] },
): Promise<Buffer> {
  let body: string;
  if (type === 'odt') {
    body = `<office:text>${(content.paragraphs ?? []).map((text) => `<text:p>${escapeXml(text)}</text:p>`).join('')}</office:text>`;
  } else if (type === 'ods') {
    const rows = (content.rows ?? [])
      .map(
        (row) =>
          `<table:table-row>${row
            .map(
              (cell) =>
                `<table:table-cell office:value-type="string"><text:p>${escapeXml(cell)}</text:p></table:table-cell>`,
            )
            .join('')}</table:table-row>`,
      )
      .join('');
    body = `<office:spreadsheet><table:table table:name="Ledger">${rows}</table:table></office:spreadsheet>`;
  } else {
    body = `<office:presentation>${(content.slides ?? [])
      .map(
        (text, index) =>
          `<draw:page draw:name="page${index + 1}"><draw:frame svg:x="1cm" svg:y="1cm" svg:width="20cm" svg:height="3cm"><draw:text-box><text:p>${escapeXml(text)}</text:p></draw:text-box></draw:frame></draw:page>`,
      )
      .join('')}</office:presentation>`;
  }
  const mimeType = ODF_TYPES[type];
  return zip([
    ['mimetype', mimeType],
    [
      'META-INF/manifest.xml',
      `<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3"><manifest:file-entry manifest:full-path="/" manifest:media-type="${mimeType}"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>`,
    ],
    [
      'content.xml',
      `<?xml version="1.0" encoding="UTF-8"?><office:document-content ${ODF_NAMESPACES}><office:body>${body}</office:body></office:document-content>`,
    ],
  ]);
}

/** An EPUB 3 book: one XHTML chapter per text, in its spine's order. */
export function createEpub(title: string, chapters: string[]): Promise<Buffer> {
  const items = chapters.map((_, index) => `chapter${index + 1}`);
  return zip([
    ['mimetype', 'application/epub+zip'],
    [
      'META-INF/container.xml',
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ],
    [
      'OEBPS/content.opf',
      `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:identifier id="id">urn:uuid:0b7c1f3e-6d0a-4f51-9a63-2f1d1e9c8a11</dc:identifier><dc:title>${escapeXml(title)}</dc:title><dc:language>en</dc:language></metadata><manifest>${items
        .map((id) => `<item id="${id}" href="${id}.xhtml" media-type="application/xhtml+xml"/>`)
        .join(
          '',
        )}</manifest><spine>${items.map((id) => `<itemref idref="${id}"/>`).join('')}</spine></package>`,
    ],
    ...chapters.map((text, index): [string, string] => [
      `OEBPS/${items[index]}.xhtml`,
      `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml"><head><title>${index + 1}</title></head><body><h1>Chapter ${index + 1}</h1><p>${escapeXml(text)}</p></body></html>`,
    ]),
  ]);
}

/** An RTF document (RTF is text: written as the 1.9 specification has it), accents as \'xx escapes. */
export function createRtf(paragraphs: string[]): Buffer {
  const escapeRtf = (text: string) =>
    [...text]
      .map((character) => {
        const code = character.codePointAt(0)!;
        if (character === '\\' || character === '{' || character === '}') return `\\${character}`;
        if (code < 0x80) return character;
        return code < 0x100 ? `\\'${code.toString(16)}` : `\\u${code}?`;
      })
      .join('');
  return Buffer.from(
    `{\\rtf1\\ansi\\ansicpg1252\\deff0{\\fonttbl{\\f0\\fswiss Helvetica;}}\\f0\\fs24 ${paragraphs.map((text) => `${escapeRtf(text)}\\par`).join('\n')}}`,
    'latin1',
  );
}

/** A real .docx with a part of `megabytes` of zeros added: it deflates about a thousand times. */
export async function createZipBombDocx(megabytes: number): Promise<Buffer> {
  const docx = await createDocx(['Nothing to see here.']);
  return repack(docx, (entries) => {
    entries.set('word/media/padding.bin', Buffer.alloc(megabytes * 1_000_000));
  });
}

/**
 * A workbook of `count` sheets: an exceljs workbook with `count - 1` empty sheets added, each listed
 * in the workbook, its relationships and content types (exceljs itself takes minutes past ten
 * thousand sheets). The added parts are stored, not deflated: building it takes seconds.
 */
export async function createManySheetsXlsx(count: number): Promise<Buffer> {
  const xlsx = await createXlsx([{ name: 'Sheet1', rows: [['Only one cell']] }]);
  const emptySheet =
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/></worksheet>';
  return repack(
    xlsx,
    (entries) => {
      const sheet = emptySheet;
      const sheets: string[] = [];
      const relationships: string[] = [];
      const overrides: string[] = [];
      for (let index = 2; index <= count; index++) {
        entries.set(`xl/worksheets/sheet${index}.xml`, sheet);
        sheets.push(`<sheet name="S${index}" sheetId="${index}" r:id="rIdS${index}"/>`);
        relationships.push(
          `<Relationship Id="rIdS${index}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${index}.xml"/>`,
        );
        overrides.push(
          `<Override PartName="/xl/worksheets/sheet${index}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
        );
      }
      const edit = (name: string, closing: string, added: string[]) => {
        const xml = entries.get(name)!.toString();
        entries.set(name, xml.replace(closing, `${added.join('')}${closing}`));
      };
      edit('xl/workbook.xml', '</sheets>', sheets);
      edit('xl/_rels/workbook.xml.rels', '</Relationships>', relationships);
      edit('[Content_Types].xml', '</Types>', overrides);
    },
    { store: (name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name) },
  );
}

/**
 * A macro-enabled Word file (.docm): a real .docx whose main part is declared macro-enabled, with a
 * VBA project part and its relationship, as Word saves one. The project's bytes are a stand-in for
 * compiled VBA (an AutoOpen that would run a shell): nothing may ever read them as code.
 */
export async function createDocm(paragraphs: string[]): Promise<Buffer> {
  const docx = await createDocx(paragraphs);
  return repack(docx, (entries) => {
    const types = entries.get('[Content_Types].xml')!.toString();
    entries.set(
      '[Content_Types].xml',
      types
        .replace(
          'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml',
          'application/vnd.ms-word.document.macroEnabled.main+xml',
        )
        .replace(
          '</Types>',
          '<Default Extension="bin" ContentType="application/vnd.ms-office.vbaProject"/></Types>',
        ),
    );
    const relationships = entries.get('word/_rels/document.xml.rels')!.toString();
    entries.set(
      'word/_rels/document.xml.rels',
      relationships.replace(
        '</Relationships>',
        '<Relationship Id="rIdVba" Type="http://schemas.microsoft.com/office/2006/relationships/vbaProject" Target="vbaProject.bin"/></Relationships>',
      ),
    );
    entries.set(
      'word/vbaProject.bin',
      Buffer.concat([
        Buffer.from('d0cf11e0a1b11ae1', 'hex'),
        Buffer.from(
          'Attribute VB_Name = "ThisDocument"\nSub AutoOpen()\nShell "touch /tmp/sheaf-macro-ran"\nEnd Sub\n',
        ),
      ]),
    );
  });
}

/**
 * A .docx whose document shows an image linked from `imageUrl` (an external relationship, as Word
 * writes "Insert picture → Link to file") after its text.
 */
export async function createDocxWithExternalImage(paragraphs: string[], imageUrl: string): Promise<Buffer> {
  const docx = await createDocx(paragraphs);
  return repack(docx, (entries) => {
    const relationships = entries.get('word/_rels/document.xml.rels')!.toString();
    entries.set(
      'word/_rels/document.xml.rels',
      relationships.replace(
        '</Relationships>',
        `<Relationship Id="rIdLinked" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${escapeXml(imageUrl)}" TargetMode="External"/></Relationships>`,
      ),
    );
    const drawing =
      '<w:p><w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="190500" cy="190500"/><wp:docPr id="99" name="Linked picture" descr="tracking pixel"/><a:graphic xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="99" name="linked.png"/><pic:cNvPicPr/></pic:nvPicPr><pic:blipFill><a:blip r:link="rIdLinked"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill><pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="190500" cy="190500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>';
    const document = entries.get('word/document.xml')!.toString();
    entries.set('word/document.xml', document.replace('<w:sectPr', `${drawing}<w:sectPr`));
  });
}

/** The first half of a file: its zip's central directory (at the end) is gone. */
export const truncated = (data: Buffer) => data.subarray(0, Math.floor(data.length / 2));

/** How much a buffer of zeros deflates: for the tests' expectations. */
export const deflatedSize = (bytes: number) => deflateRawSync(Buffer.alloc(bytes)).length;
