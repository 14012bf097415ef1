import sharp from 'sharp';
import { createTextPdf } from '../../test/test-files';

/** A full A4 page of ordinary text, as a letter or an invoice has. */
export function createFullTextPagePdf(title = 'Invoice 4711'): Buffer {
  const lines = [title, ''];
  for (let index = 0; lines.length < 52; index++) {
    lines.push(
      `${index + 1}. The harbour office confirms the delivery of goods, payable within thirty days net.`,
    );
  }
  return createTextPdf([lines, ['Second page']]);
}

/** Width, height, format and darkest pixel of a thumbnail, read back with sharp. */
export async function describeThumbnail(thumbnail: Uint8Array) {
  const image = sharp(thumbnail);
  const { width, height, format } = await image.metadata();
  const { channels } = await image.stats();
  return { width, height, format, darkest: Math.min(...channels.slice(0, 3).map(({ min }) => min)) };
}
