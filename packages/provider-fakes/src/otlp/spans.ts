/** What the fake collector keeps of a span, read from protobuf or JSON alike. */
export type SpanKindName =
  | 'unspecified'
  | 'internal'
  | 'server'
  | 'client'
  | 'producer'
  | 'consumer';
/** SpanKind's numbers, in order. */
export const KINDS: SpanKindName[] = [
  'unspecified',
  'internal',
  'server',
  'client',
  'producer',
  'consumer',
];

export type AttributeValue =
  | string
  | number
  | boolean
  | null
  | AttributeValue[]
  | { [key: string]: AttributeValue };

export interface RecordedSpan {
  /** Hex, as in a `traceparent`. */
  traceId: string;
  spanId: string;
  /** Empty for a root span. */
  parentSpanId: string;
  name: string;
  kind: SpanKindName;
  attributes: Record<string, AttributeValue>;
  events: { name: string; attributes: Record<string, AttributeValue> }[];
  links: { traceId: string; spanId: string; attributes: Record<string, AttributeValue> }[];
  /** 0 unset, 1 ok, 2 error. */
  status: { code: number; message: string };
  /** The resource's `service.name`. */
  service: string;
  resource: Record<string, AttributeValue>;
  scope: string;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
}
