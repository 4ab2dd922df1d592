// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { render, SHELL_ROUTES } from './prerender';

// What the build writes into visitor/index.html for an operator without a session (issue 25).
describe("the console's pre-rendered sign-in", () => {
  it('draws the sign-in form, with its styles in one tag, and nobody signed in', async () => {
    expect(SHELL_ROUTES).toEqual(['/']);
    const html = await render('/');
    expect(html).toContain('Entrar no Painel Administrativo');
    expect(html).toMatch(/^<style data-emotion="css [\w -]+">/);
    expect(html.match(/<style data-emotion=/g)).toHaveLength(1);
    expect(html).not.toContain('data-testid="admin-name"');
  });
});
