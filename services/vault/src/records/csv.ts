/**
 * RFC 4180 CSV: fields separated by commas, records ending in CRLF, a field quoted when it holds a
 * comma, a quote, CR or LF, quotes doubled inside. The file starts with a UTF-8 BOM so spreadsheet
 * programs read the accents of pt-BR text correctly.
 */
export const UTF8_BOM = '\uFEFF';

/** A cell that a spreadsheet would run as a formula is written with a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly (string | number | boolean | null | undefined)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
