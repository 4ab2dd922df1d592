import { describe, expect, it } from 'vitest';
import { markOwnPage } from './own-page';

// The gateway answers a browser with one of these cookies with index.html, not the visitor page.
describe('markOwnPage', () => {
  it('sets pv_own_cards and pv_own_notice, which the gateway looks for by prefix', () => {
    markOwnPage('cards');
    markOwnPage('notice');
    expect(document.cookie.split('; ').sort()).toEqual(['pv_own_cards=1', 'pv_own_notice=1']);
  });
});
