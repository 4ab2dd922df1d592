/**
 * For the SPAs' bundler: the calls the contracts make at module level only build schemas, with
 * no side effects. The SPAs import constants and messages from @pv/contracts; marking these pure
 * lets the bundler leave out the schemas they do not use, and most of TypeBox with them.
 * Add a builder here when a contract starts calling one that is not listed. The bundler applies
 * these names to every module it bundles: list only names no library calls for a side effect
 * (React Router has its own `flattenRoutes`, which must never be listed here).
 * @example build: { rolldownOptions: { treeshake: { manualPureFunctions: SCHEMA_BUILDER_CALLS } } }
 */
export const SCHEMA_BUILDER_CALLS = [
  'Type.Array',
  'Type.Boolean',
  'Type.Integer',
  'Type.Intersect',
  'Type.Literal',
  'Type.Null',
  'Type.Number',
  'Type.Object',
  'Type.Optional',
  'Type.Partial',
  'Type.String',
  'Type.Union',
  'Type.Unknown',
  'defineRoute',
  'Nullable',
] as const;
