// Local stand-ins for the paid providers the product calls (and an OpenTelemetry collector), each speaking the provider's real
// wire protocol on a loopback port: the same fakes serve service tests, system tests, benches and
// the browser suites, so none of them has to reach into a service for its test doubles.
export {
  type ChatCompletionRequestBody,
  type FakeOpenAI,
  type FakeReply,
  type FakeRequest,
  type FakeResponder,
  type RecordedRequest,
  startFakeOpenAI,
} from './openai.js';
export {
  type AttributeValue,
  decodeTraceRequest,
  type FakeOtlpCollector,
  parseJsonTraceRequest,
  type RecordedSpan,
  type SpanKindName,
  startFakeOtlpCollector,
} from './otlp.js';
export {
  type FakeS3,
  type FakeS3Object,
  type FakeS3Options,
  type FakeS3Request,
  type FakeS3State,
  sigV4Encode,
  sigV4SigningKey,
  startFakeS3,
} from './s3.js';
export {
  type CaughtMail,
  confirmationLinkOf,
  confirmationTokenOf,
  type FakeSmtp,
  startFakeSmtp,
} from './smtp.js';

export {
  type FakeSonioxBehaviour,
  FakeSonioxKeyStore,
  isProtocolToken,
  type MintedSonioxKey,
  startFakeSoniox,
} from './soniox.js';
export {
  DEFAULT_FAKE_SCRIPT,
  FAKE_SONIOX_WS_PATH,
  type FakeSonioxRealtime,
  type FakeSonioxRealtimeBehaviour,
  type FakeSonioxSession,
  type FakeSonioxToken,
  MISSING_CONNECTION_KEY,
  SONIOX_KEY_PROTOCOL,
  startFakeSonioxRealtime,
} from './soniox-realtime.js';
export { type FakeStripe, parseStripeForm, startFakeStripe } from './stripe.js';
