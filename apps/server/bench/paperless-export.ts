// Writes a generated Paperless-ngx export (2.x layout, one manifest.json) of `count` one-page PDFs
// for the import benchmark, with the test fixtures' writer: the format lives in one place.
//
//   node --import tsx bench/paperless-export.ts <folder> <count>

import fs from 'node:fs';
import path from 'node:path';
import { writePaperlessExport } from '../src/modules/paperless-imports/paperless-imports.test-helpers';

const [folder, countArgument] = process.argv.slice(2);
const count = Number(countArgument);
if (!folder || !Number.isInteger(count) || count < 1) {
  console.error('usage: node --import tsx bench/paperless-export.ts <folder> <count>');
  process.exit(2);
}

// About a page of text each (1.5 kB), as Paperless keeps the content of a scanned letter.
const words = 'invoice electricity water council harbour insurance pension tax receipt contract'.split(' ');
const contentOf = (pk: number) =>
  Array.from({ length: 200 }, (_, index) => words[(pk * 7 + index * 3) % words.length]).join(' ') +
  ` reference ${pk}`;

fs.rmSync(folder, { recursive: true, force: true });
fs.mkdirSync(folder, { recursive: true });
writePaperlessExport(folder, {
  layout: '2.x',
  documents: Array.from({ length: count }, (_, index) => ({
    pk: index + 1,
    title: `Generated letter ${index + 1}`,
    content: contentOf(index + 1),
    correspondent: (index % 2) + 1,
    documentType: (index % 2) + 1,
    tags: index % 3 === 0 ? [1, 3] : [2],
    asn: index + 1,
    created: `20${String(10 + (index % 15)).padStart(2, '0')}-0${(index % 9) + 1}-1${index % 10}`,
    added: '2024-06-01T08:00:00.000Z',
  })),
});
fs.writeFileSync(path.join(folder, '.complete'), String(count));
