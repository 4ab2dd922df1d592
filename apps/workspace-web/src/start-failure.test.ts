import { START_FAILED_MESSAGE, startInSteps } from '@pv/web-kit/boot';
import { afterEach, describe, expect, it, vi } from 'vitest';

// src/main.tsx starts the SPA in steps (packages/web-kit/src/boot.ts). A chunk that cannot be
// loaded (the connection lost halfway, a release that removed it) must not leave the person
// in front of the pre-rendered copy, which is inert, or a blank page.
afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('a start-up step that cannot be loaded', () => {
  it('drops the pre-rendered copy and says what to do, in #root', async () => {
    document.body.innerHTML =
      '<div id="pv-shell" inert><button>Entrar</button></div><div id="root"></div>';
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const mountApp = vi.fn();
    await startInSteps({
      libraries: [
        async () => {
          throw new TypeError('Failed to fetch dynamically imported module');
        },
      ],
      store: async () => {
        throw new Error('never reached: the first step failed');
      },
      app: async () => ({ mountApp }),
    });
    expect(document.getElementById('pv-shell')).toBeNull();
    const alert = document.querySelector('#root [role="alert"]');
    expect(alert?.textContent).toBe(
      'Não foi possível carregar o aplicativo. Verifique a conexão e recarregue a página.',
    );
    expect(START_FAILED_MESSAGE).toBe(alert?.textContent);
    expect(mountApp).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalled();
  });
});
