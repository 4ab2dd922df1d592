const colorEnabled =
  process.env.FORCE_COLOR !== undefined && process.env.FORCE_COLOR !== '0'
    ? true
    : process.env.NO_COLOR === undefined && process.stdout.isTTY === true;

const codes = {
  bold: 1,
  dim: 2,
  red: 31,
  green: 32,
  yellow: 33,
  blue: 34,
  magenta: 35,
  cyan: 36,
  gray: 90,
} as const;

export type Color = keyof typeof codes;

/** Cycled through for child process prefixes; red is left out so that it keeps meaning "error". */
export const prefixPalette: Color[] = ['cyan', 'green', 'magenta', 'blue', 'yellow', 'gray'];

export function paint(color: Color, text: string, enabled = colorEnabled): string {
  return enabled ? `\u001b[${codes[color]}m${text}\u001b[0m` : text;
}

export function isColorEnabled(): boolean {
  return colorEnabled;
}

export function info(message: string): void {
  process.stdout.write(`${paint('dim', '[stack]')} ${message}\n`);
}

export function warn(message: string): void {
  process.stderr.write(`${paint('yellow', '[stack]')} ${message}\n`);
}

export function error(message: string): void {
  process.stderr.write(`${paint('red', '[stack]')} ${message}\n`);
}

export function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
