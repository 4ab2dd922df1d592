// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MEMBER_ROUTES, MEMBER_VIEWS, render, renderMember, SHELL_ROUTES } from './prerender';

// What the build writes into visitor/index.html for an operator without a session (issue 25).
describe("the console's pre-rendered sign-in", () => {
  it('draws the sign-in form, with its styles in one tag, and nobody signed in', async () => {
    expect(SHELL_ROUTES).toEqual(['/']);
    const html = await render('/');
    expect(html).toContain('Entrar no Painel Administrativo');
    // The global styles' tags first (each taken over by its <Global>), then the elements' one.
    expect(html).toMatch(
      /^(?:<style data-emotion="css-global \w+">[^<]*<\/style>)+<style data-emotion="css [\w -]+">/,
    );
    expect(html.match(/<style data-emotion="css /g)).toHaveLength(1);
    expect(html).not.toContain('data-testid="admin-name"');
  });

  it("draws an administrator's console, header and tabs, with nobody's name", async () => {
    expect(MEMBER_VIEWS).toEqual(['staff']);
    expect(MEMBER_ROUTES).toEqual(['/']);
    const html = await renderMember('/', 'staff');
    expect(html).toContain('<h1 class="MuiTypography-root MuiTypography-h6');
    expect(html).toContain('Painel Administrativo');
    for (const tab of ['Dashboard', 'Usuários', 'Transcript Vault', 'Auditoria']) {
      expect(html).toMatch(new RegExp(`role="tab"[^>]*>${tab}<`));
    }
    // The name's place is there and empty; no sign-in, no second-factor form.
    expect(html).toMatch(/data-testid="admin-name">\s*<\/p>/);
    expect(html).not.toContain('Entrar no Painel Administrativo');
    expect(html.replace(/<style[^>]*>.*?<\/style>/gs, '')).not.toContain('@');
    await expect(renderMember('/', 'member')).rejects.toThrow(/no member view member/);
  });
});
