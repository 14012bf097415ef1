import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** pdf.js's data folders the viewer fetches on demand, and the files of each it needs. */
const DATA_FOLDERS: Record<string, RegExp> = {
  // The CMaps of CJK text whose font is not embedded.
  cmaps: /\.bcmap$/,
  // The fonts PDFs name without embedding them (Symbol, ZapfDingbats…).
  standard_fonts: /\.(pfb|ttf)$/,
  // The image decoders: JPEG 2000 has no other; JBIG2 and CCITT are faster.
  wasm: /\.wasm$/,
  // ICC profiles for CMYK images.
  iccs: /\.icc$/,
};

/**
 * Serves pdf.js's data files under `/assets/pdfjs-<version>/`, the path the PDF preview gives
 * pdf.js (see pdfjsDataUrl): copied into the build, served by the dev server. The version in the
 * path lets the server cache them as immutable, like the hashed assets beside them.
 */
export function pdfjsDataPlugin(): Plugin {
  const pdfjsFolder = path.dirname(require.resolve('pdfjs-dist/package.json'));
  const { version } = JSON.parse(fs.readFileSync(path.join(pdfjsFolder, 'package.json'), 'utf8')) as {
    version: string;
  };
  const base = `assets/pdfjs-${version}`;
  const files = Object.entries(DATA_FOLDERS).flatMap(([folder, pattern]) =>
    fs
      .readdirSync(path.join(pdfjsFolder, folder))
      .filter((name) => pattern.test(name))
      .map((name) => `${folder}/${name}`),
  );
  const known = new Set(files);

  return {
    name: 'sheaf-pdfjs-data',
    configureServer(server) {
      server.middlewares.use(`/${base}/`, (request, response, next) => {
        const file = decodeURIComponent((request.url ?? '').split('?')[0]!.replace(/^\//, ''));
        if (!known.has(file)) return next();
        response.setHeader(
          'Content-Type',
          file.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream',
        );
        fs.createReadStream(path.join(pdfjsFolder, file)).pipe(response);
      });
    },
    generateBundle() {
      for (const file of files) {
        this.emitFile({
          type: 'asset',
          fileName: `${base}/${file}`,
          source: fs.readFileSync(path.join(pdfjsFolder, file)),
        });
      }
    },
  };
}
