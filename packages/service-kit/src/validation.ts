import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

const baseOptions: Options = {
  allErrors: true,
  // parentSchema on each error lets us use a schema's own pt-BR `errorMessage`.
  verbose: true,
  strict: false,
  keywords: ['errorMessage'],
  useDefaults: true,
  removeAdditional: false,
};

function makeAjv(options: Options): Ajv {
  const ajv = new Ajv({ ...baseOptions, ...options });
  addFormats.default(ajv);
  return ajv;
}

/**
 * Bodies are validated as sent (a "5" is not a number); query strings and path params are text by
 * nature, so they are coerced.
 */
const bodyAjv = makeAjv({ coerceTypes: false });
const textAjv = makeAjv({ coerceTypes: 'array' });

export function compileValidator(schema: object, httpPart: string | undefined): ValidateFunction {
  return (httpPart === 'body' ? bodyAjv : textAjv).compile(schema);
}

const typeNames: Record<string, string> = {
  string: 'um texto',
  integer: 'um número inteiro',
  number: 'um número',
  boolean: 'verdadeiro ou falso',
  object: 'um objeto',
  array: 'uma lista',
  null: 'vazio',
};
const formatNames: Record<string, string> = {
  email: 'um email válido',
  uuid: 'um identificador válido',
  'date-time': 'uma data e hora válidas (ISO 8601)',
  date: 'uma data válida (AAAA-MM-DD)',
  uri: 'um endereço válido',
};

/**
 * A schema's own pt-BR message: one text for any failure, or one per Ajv keyword (`minLength`,
 * `maxLength`, `pattern`, ...) with `default` for the rest.
 */
type ErrorMessage = string | Record<string, string>;

function ownMessage(message: ErrorMessage | undefined, keyword: string): string | undefined {
  if (message === undefined || typeof message === 'string') return message;
  return message[keyword] ?? message.default;
}

interface SchemaWithMessage {
  errorMessage?: ErrorMessage;
  anyOf?: { const?: unknown; errorMessage?: ErrorMessage }[];
  properties?: Record<string, SchemaWithMessage>;
}

function fieldOf(error: ErrorObject, root: string): string {
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = error.keyword === 'required' ? String(error.params.missingProperty) : '';
  return [path, missing].filter(Boolean).join('.') || root;
}

function describe(error: ErrorObject, field: string, noun: string): string {
  const parent = error.parentSchema as SchemaWithMessage | undefined;
  if (error.keyword === 'required') {
    const own = ownMessage(
      parent?.properties?.[String(error.params.missingProperty)]?.errorMessage,
      'required',
    );
    return own ?? `O ${noun} "${field}" é obrigatório.`;
  }
  const own = ownMessage(parent?.errorMessage, error.keyword);
  if (own) return own;
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type':
      return `O ${noun} "${field}" deve ser ${typeNames[String(p.type)] ?? String(p.type)}.`;
    case 'format':
      return `O ${noun} "${field}" deve ser ${formatNames[String(p.format)] ?? 'um valor em formato válido'}.`;
    case 'minLength':
      return p.limit === 1
        ? `O ${noun} "${field}" não pode ficar vazio.`
        : `O ${noun} "${field}" deve ter pelo menos ${p.limit} caracteres.`;
    case 'maxLength':
      return `O ${noun} "${field}" deve ter no máximo ${p.limit} caracteres.`;
    case 'minimum':
      return `O ${noun} "${field}" deve ser maior ou igual a ${p.limit}.`;
    case 'maximum':
      return `O ${noun} "${field}" deve ser menor ou igual a ${p.limit}.`;
    case 'minItems':
      return `O ${noun} "${field}" deve ter pelo menos ${p.limit} item(ns).`;
    case 'maxItems':
      return `O ${noun} "${field}" deve ter no máximo ${p.limit} itens.`;
    case 'anyOf': {
      // A nullable field's own message sits on its non-null branch.
      const branch = parent?.anyOf?.find((s) => s.errorMessage);
      const branchMessage = branch && ownMessage(branch.errorMessage, 'default');
      if (branchMessage) return branchMessage;
      const allowed = parent?.anyOf?.map((s) => s.const).filter((c) => c !== undefined);
      return allowed?.length
        ? `O ${noun} "${field}" deve ser um destes valores: ${allowed.join(', ')}.`
        : `O ${noun} "${field}" tem um valor inválido.`;
    }
    case 'enum':
    case 'const':
      return `O ${noun} "${field}" tem um valor não permitido.`;
    case 'pattern':
      return `O ${noun} "${field}" está em um formato inválido.`;
    case 'additionalProperties':
      return `O ${noun} "${String(p.additionalProperty)}" não é permitido.`;
    default:
      return `O ${noun} "${field}" é inválido.`;
  }
}

/**
 * Turns Ajv errors into pt-BR details, one per field. Of the errors a union produces (one per
 * branch plus the union's own), only the union's is kept: it names the allowed values.
 */
export function describeValidationErrors(
  errors: ErrorObject[],
  part: string | undefined,
): { field: string; message: string }[] {
  const noun = part === 'body' || part === undefined ? 'campo' : 'parâmetro';
  const root = part === 'querystring' ? 'consulta' : part === 'params' ? 'caminho' : 'corpo';
  const unionPaths = new Set(
    errors.filter((e) => e.keyword === 'anyOf').map((e) => e.instancePath),
  );
  const byField = new Map<string, string>();
  for (const error of errors) {
    const insideUnion = [...unionPaths].some(
      (p) => error.keyword !== 'anyOf' && error.instancePath === p,
    );
    if (insideUnion) continue;
    const field = fieldOf(error, root);
    if (!byField.has(field)) byField.set(field, describe(error, field, noun));
  }
  return [...byField].map(([field, message]) => ({ field, message }));
}
