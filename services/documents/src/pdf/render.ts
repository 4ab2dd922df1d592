import { createRequire } from 'node:module';
import path from 'node:path';
import type { TDocumentDefinitions } from 'pdfmake/interfaces.js';

/** The part of pdfmake 0.3's Node entry point used here. */
interface PdfMakeServer {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(policy: (url: string) => boolean): void;
  setLocalAccessPolicy(policy: (path: string) => boolean): void;
  createPdf(definition: TDocumentDefinitions): { getBuffer(): Promise<Buffer> };
}

const require = createRequire(import.meta.url);
const pdfmake = require('pdfmake') as PdfMakeServer;

/** Roboto ships inside pdfmake; embedding it is what makes pt-BR accents (ç, ã, é) render. */
export const FONT_DIR = path.join(
  path.dirname(require.resolve('pdfmake/package.json')),
  'fonts',
  'Roboto',
);
const font = (file: string) => path.join(FONT_DIR, file);

pdfmake.setFonts({
  Roboto: {
    normal: font('Roboto-Regular.ttf'),
    bold: font('Roboto-Medium.ttf'),
    italics: font('Roboto-Italic.ttf'),
    bolditalics: font('Roboto-MediumItalic.ttf'),
  },
});
// Document content comes from users: it may never make the renderer fetch a URL or read a file
// other than our fonts.
pdfmake.setUrlAccessPolicy(() => false);
pdfmake.setLocalAccessPolicy((file) => path.resolve(file).startsWith(`${FONT_DIR}${path.sep}`));

export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake
    .createPdf({ ...definition, defaultStyle: { font: 'Roboto', ...definition.defaultStyle } })
    .getBuffer();
}
