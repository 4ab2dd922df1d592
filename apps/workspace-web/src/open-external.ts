/**
 * Leaves the app for a page of an outside service (Stripe's Customer Portal). One function, so
 * component tests can see where the app would go (jsdom does not navigate).
 */
export function openExternal(url: string): void {
  window.location.assign(url);
}
