import { FormatRegistry } from '@sinclair/typebox';

// TypeBox's Value checker (config, job payloads) knows no string formats until told; HTTP
// validation uses Ajv with ajv-formats instead. These mirror the formats the contracts use.
const formats: Record<string, (value: string) => boolean> = {
  // The lookahead settles "nothing but the domain follows" once, so the dot search after it
  // cannot re-scan the rest from every dot (`^[^\s@]+@[^\s@]+\.[^\s@]+$` was quadratic).
  email: (v) => /^[^\s@]+@(?=[^\s@]+$)[^\s@]+\.[^\s@]+$/.test(v),
  uuid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
  'date-time': (v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v),
  date: (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)),
  uri: (v) => URL.canParse(v),
};
for (const [name, check] of Object.entries(formats)) {
  if (!FormatRegistry.Has(name)) FormatRegistry.Set(name, check);
}
