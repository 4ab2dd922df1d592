export {
  type FakeSonioxBehaviour,
  FakeSonioxKeyStore,
  type MintedSonioxKey,
  startFakeSoniox,
} from './fake-soniox.js';
export {
  DEFAULT_FAKE_SCRIPT,
  FAKE_SONIOX_WS_PATH,
  type FakeSonioxRealtime,
  type FakeSonioxRealtimeBehaviour,
  type FakeSonioxSession,
  type FakeSonioxToken,
  SONIOX_KEY_PROTOCOL,
  startFakeSonioxRealtime,
} from './fake-soniox-realtime.js';
export { type FakeStripe, parseStripeForm, startFakeStripe } from './fake-stripe.js';
