import { Kind, type Static, type TSchema, Type, TypeRegistry } from '@sinclair/typebox';

/**
 * The one error body every service answers with. `message` is pt-BR and meant for a person;
 * `code` is stable and meant for programs.
 * @example { statusCode: 400, code: 'VALIDATION_FAILED', message: 'O campo "email" é obrigatório.' }
 */
export const ErrorSchema = Type.Object(
  {
    statusCode: Type.Integer(),
    code: Type.String(),
    message: Type.String(),
    requestId: Type.Optional(Type.String()),
    details: Type.Optional(
      Type.Array(Type.Object({ field: Type.String(), message: Type.String() })),
    ),
  },
  { title: 'Error' },
);
export type ErrorBody = Static<typeof ErrorSchema>;

export const MessageSchema = Type.Object({ message: Type.String() });
export type MessageBody = Static<typeof MessageSchema>;

export const UuidSchema = Type.String({ format: 'uuid' });
export const IdParamsSchema = Type.Object({ id: UuidSchema });
export type IdParams = Static<typeof IdParamsSchema>;

/** ISO-8601 instant, as every API date is sent; the SPAs format it as dd/MM/yyyy HH:mm. */
export const DateTimeSchema = Type.String({ format: 'date-time' });

export const PaginationSchema = Type.Object({
  totalCount: Type.Integer({ minimum: 0 }),
  currentPage: Type.Integer({ minimum: 1 }),
  totalPages: Type.Integer({ minimum: 0 }),
  hasPrev: Type.Boolean(),
  hasNext: Type.Boolean(),
});
export type Pagination = Static<typeof PaginationSchema>;

export const PageQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
});

/** The highest page a list accepts: far past any real list, low enough to keep offsets small. */
export const MAX_PAGE = 1_000_000;

/**
 * `page` and `limit` of a list paged on the server (support queue, users, audit log), with the
 * list's own pt-BR messages. Spread into the list's query schema; answer with `paginate`.
 * @example Type.Object({ ...pageQueryFields({ defaultLimit: 50, maxLimit: 200, pageMessage, limitMessage }), q })
 */
export function pageQueryFields(options: {
  defaultLimit: number;
  maxLimit: number;
  pageMessage: string;
  limitMessage: string;
}) {
  return {
    page: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: MAX_PAGE,
        default: 1,
        errorMessage: options.pageMessage,
      }),
    ),
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: options.maxLimit,
        default: options.defaultLimit,
        errorMessage: options.limitMessage,
      }),
    ),
  };
}

/**
 * The rows one page asks for (absent page: 1; absent limit: the list's default).
 * @example const { page, limit, offset } = pageWindow(query, 50); // ... paginate(total, page, limit)
 */
export function pageWindow(query: { page?: number; limit?: number }, defaultLimit: number) {
  const page = query.page ?? 1;
  const limit = query.limit ?? defaultLimit;
  return { page, limit, offset: (page - 1) * limit };
}

/** Builds the pagination block from a total and the page asked for. */
export function paginate(totalCount: number, currentPage: number, pageSize: number): Pagination {
  const totalPages = Math.ceil(totalCount / pageSize);
  return {
    totalCount,
    currentPage,
    totalPages,
    hasPrev: currentPage > 1,
    hasNext: currentPage < totalPages,
  };
}

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/**
 * A string out of a list, written `{ type: 'string', enum }` as OpenAI's Structured Outputs read
 * it (a union of literals would be anyOf/const); checked by Value.Check through the registry,
 * registered on first use (the package is free of import-time side effects).
 */
export function StringEnum<T extends string>(values: readonly T[]) {
  if (!TypeRegistry.Has('StringEnum'))
    TypeRegistry.Set<{ enum: string[] }>('StringEnum', (schema, value) =>
      schema.enum.includes(value as string),
    );
  return Type.Unsafe<T>({ [Kind]: 'StringEnum', type: 'string', enum: [...values] });
}
