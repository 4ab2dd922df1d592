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

/**
 * pdfmake wraps a word wider than the line by re-measuring it piece by piece, quadratic in the
 * word's length: one 10,000-character word took 3 s, 40,000 past the 90 s job timeout, and the
 * 900,000 an anonymous body can carry ran the process out of memory. A break opportunity (U+200B,
 * zero-width space: invisible, absent from the extracted text) every WORD_CHUNK characters of a
 * longer word bounds each piece. No real word, code or URL printed here is that long.
 */
const WORD_CHUNK = 200;
const LONG_WORD = new RegExp(`\\S{${WORD_CHUNK}}(?=\\S)`, 'gu');
const ZERO_WIDTH_SPACE = '\u200b';

function breakable(text: string): string {
  return text.length > WORD_CHUNK ? text.replace(LONG_WORD, `$&${ZERO_WIDTH_SPACE}`) : text;
}

/** Keys whose value is printed content (a node or a list of them); `text` is inline. */
const CONTENT_KEYS = new Set(['stack', 'columns', 'ul', 'ol']);

/**
 * pdfmake's cost on one text node also grows faster than its length across pages (one paragraph
 * of 100,000 characters: 0.2 s; 300,000: 4.9 s), while the same text as several nodes is linear
 * (300,000 in 0.6 s). A longer text is printed as a stack of pieces cut at a line break (the same
 * rendering), or at a blank when a piece has none.
 */
const NODE_CHARS = 20_000;

function pieces(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  while (text.length - start > NODE_CHARS) {
    const window = text.slice(start, start + NODE_CHARS);
    const newline = window.lastIndexOf('\n');
    const blank = window.lastIndexOf(' ');
    const cut = newline > 0 ? newline + 1 : blank > 0 ? blank + 1 : NODE_CHARS;
    out.push(text.slice(start, start + cut).replace(/\n$/, ''));
    start += cut;
  }
  out.push(text.slice(start));
  return out;
}

/**
 * Inline text (`text: ['Retorno: ', value]`): pieces of one paragraph, which may not become
 * stacks; their strings are only made breakable.
 */
function inlineBreakable(node: unknown): unknown {
  if (typeof node === 'string') return breakable(node);
  if (Array.isArray(node)) return node.map(inlineBreakable);
  if (!node || typeof node !== 'object' || !('text' in node)) return node;
  return { ...node, text: inlineBreakable((node as { text: unknown }).text) };
}

/** The content with every printed string made breakable; QR codes, images and styles untouched. */
function withBreakableWords(node: unknown): unknown {
  if (typeof node === 'string')
    return node.length > NODE_CHARS ? { stack: pieces(node).map(breakable) } : breakable(node);
  if (Array.isArray(node)) return node.map(withBreakableWords);
  if (!node || typeof node !== 'object') return node;
  const { text, ...rest } = node as Record<string, unknown>;
  if (typeof text === 'string' && text.length > NODE_CHARS)
    return { ...rest, stack: pieces(text).map((piece) => ({ text: breakable(piece) })) };
  const copy: Record<string, unknown> = { ...(node as Record<string, unknown>) };
  for (const key of Object.keys(copy)) {
    if (key === 'text') copy.text = inlineBreakable(copy.text);
    else if (CONTENT_KEYS.has(key)) copy[key] = withBreakableWords(copy[key]);
  }
  const table = copy.table as { body?: unknown[][] } | undefined;
  if (table?.body) copy.table = { ...table, body: table.body.map(withBreakableWords) };
  return copy;
}

export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  return pdfmake
    .createPdf({
      ...definition,
      content: withBreakableWords(definition.content) as TDocumentDefinitions['content'],
      defaultStyle: { font: 'Roboto', ...definition.defaultStyle },
    })
    .getBuffer();
}
