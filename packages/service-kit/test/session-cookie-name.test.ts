import { describe, expect, it } from 'vitest';
import { httpsOnly, sessionCookieName, tokenFrom } from '../src/session.js';

// Issue 23 item 5: every service reads the session through the kit; behind https origins only the
// `__Host-` cookie counts (a plain one may have been planted from a sibling subdomain).
describe('the session cookie every service reads', () => {
  it('is __Host-pv_session exactly when every public origin is https', () => {
    expect(httpsOnly(['https://app.x.test', 'https://admin.x.test'])).toBe(true);
    expect(httpsOnly(['https://app.x.test', 'http://localhost:8080'])).toBe(false);
    expect(httpsOnly([])).toBe(false);
    expect(sessionCookieName(true)).toBe('__Host-pv_session');
    expect(sessionCookieName(false)).toBe('pv_session');
  });

  it('reads only the __Host- cookie when secureOnly, either name otherwise', () => {
    expect(tokenFrom({ pv_session: 'plain' }, undefined, { secureOnly: true })).toBeNull();
    expect(tokenFrom({ '__Host-pv_session': 'host' }, undefined, { secureOnly: true })).toEqual({
      token: 'host',
      viaCookie: true,
    });
    expect(tokenFrom({ pv_session: 'plain' })).toEqual({ token: 'plain', viaCookie: true });
    expect(tokenFrom({ pv_session: 'plain', '__Host-pv_session': 'host' })?.token).toBe('host');
  });
});
