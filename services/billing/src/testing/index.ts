export { startFakeSoniox } from './fake-soniox.js';
export { type FakeStripe, parseStripeForm, startFakeStripe } from './fake-stripe.js';
