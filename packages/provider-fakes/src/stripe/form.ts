import { randomBytes } from 'node:crypto';

export type Obj = Record<string, unknown>;
export const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
export const now = () => Math.floor(Date.now() / 1000);

/** Parses Stripe's form encoding (`items[0][price]=x&expand[0]=y`) into nested objects/arrays. */
export function parseStripeForm(text: string): Obj {
  const root: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Obj = root;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Obj;
    });
  }
  return root;
}

export const asArray = (value: unknown): string[] =>
  Array.isArray(value) ? (value as string[]) : value === undefined ? [] : [String(value)];
