import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInLayout, userFixture } from '../layout/testing';
import { jsonResponses, renderAt } from '../test/render';
import { Promotions } from './promotions';
import { type PromotionClock, startPromotionRotation } from './schedule';

const signup = [
  {
    id: '00000000-0000-4000-8000-0000000000a1',
    title: 'Cadastre-se já',
    message: 'Conta grátis em segundos.',
  },
  {
    id: '00000000-0000-4000-8000-0000000000a2',
    title: 'Segunda chamada',
    message: 'Ainda sem conta?',
  },
];
const premium = [
  { id: '00000000-0000-4000-8000-0000000000b1', title: 'Vire Premium', message: 'Sem limites.' },
];

/** Fake timers with a scripted random: 0 → 60 s gaps, 1 → 90 s. */
function fakeClock(random = 0): PromotionClock {
  return {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    random: () => random,
  };
}

/** Lets pending fetches and React updates run under fake timers. */
async function flush(until: () => boolean) {
  // RTK's store batches notifications to the next animation frame, a (fake) timer of ~16 ms.
  for (let i = 0; i < 20 && !until(); i += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20);
    });
  }
}

const asked = (fetchFn: ReturnType<typeof jsonResponses>, url: string) => () =>
  fetchFn.calls.some((c) => c.url === url);

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('promotion schedule', () => {
  it('shows the first at 10 s until 18 s, then one every 60–90 s, each for 8 s', () => {
    const events: string[] = [];
    const start = Date.now();
    const stop = startPromotionRotation({
      count: 3,
      show: (i) => events.push(`show ${i} @${(Date.now() - start) / 1000}`),
      hide: () => events.push(`hide @${(Date.now() - start) / 1000}`),
      clock: fakeClock(0.5),
    });
    vi.advanceTimersByTime(200_000);
    stop();
    // 0.5 → 60 + floor(0.5 * 30001) ms ≈ 75 s gaps
    expect(events).toEqual([
      'show 0 @10',
      'hide @18',
      'show 1 @93',
      'hide @101',
      'show 2 @176',
      'hide @184',
    ]);
  });

  it('keeps every gap within 60–90 s and stops cleanly', () => {
    for (const random of [0, 0.999999]) {
      const shows: number[] = [];
      const start = Date.now();
      const stop = startPromotionRotation({
        count: 1,
        show: () => shows.push(Date.now() - start),
        hide: () => {},
        clock: fakeClock(random),
      });
      vi.advanceTimersByTime(300_000);
      stop();
      const gaps = shows.slice(1).map((t, i) => t - (shows[i] ?? 0) - 8_000);
      expect(shows[0]).toBe(10_000);
      expect(gaps[0]).toBe(18_000 - 10_000 - 8_000 + (random === 0 ? 60_000 : 90_000));
      for (const g of gaps.slice(1)) expect(g).toBeGreaterThanOrEqual(60_000);
      for (const g of gaps.slice(1)) expect(g).toBeLessThanOrEqual(90_000);
      const count = shows.length;
      vi.advanceTimersByTime(300_000);
      expect(shows.length).toBe(count);
    }
  });
});

describe('promotions on screen', () => {
  it('shows anonymous visitors the sign-up messages after 10 s, each for 8 s', async () => {
    const fetchFn = jsonResponses({
      '/auth/user': [401, {}],
      '/api/marketing-messages': [200, signup],
    });
    vi.stubGlobal('fetch', fetchFn);
    const { store } = renderAt(<Promotions clock={fakeClock(0)} />);
    // The rotation starts when the messages arrive; the store tells within one animation frame.
    await flush(
      () => store.getState().api.queries['getPromotions("signup")']?.status === 'fulfilled',
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(20); // the frame that renders the answer starts the rotation
    });
    expect(fetchFn.calls.some((c) => c.url === '/api/marketing-messages?type=signup')).toBe(true);
    advance(9_900);
    expect(screen.queryByText('Cadastre-se já')).not.toBeInTheDocument();
    advance(200);
    expect(screen.getByText('Cadastre-se já')).toBeInTheDocument();
    expect(screen.getByText('Conta grátis em segundos.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Criar conta grátis' })).toHaveAttribute(
      'href',
      '/auth',
    );
    advance(7_700); // ~17.8 s: still on screen
    expect(screen.getByText('Cadastre-se já')).toBeInTheDocument();
    advance(200); // ~18 s: gone
    expect(screen.queryByText('Cadastre-se já')).not.toBeInTheDocument();
    advance(59_900); // the next one comes 60 s after the first left (random 0)
    expect(screen.queryByText('Segunda chamada')).not.toBeInTheDocument();
    advance(200);
    expect(screen.getByText('Segunda chamada')).toBeInTheDocument();
    advance(8_000);
    expect(screen.queryByText('Segunda chamada')).not.toBeInTheDocument();
  });

  it('shows free users the premium messages', async () => {
    const fetchFn = jsonResponses({
      '/auth/user': [200, userFixture()],
      '/api/marketing-messages': [200, premium],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderAt(<Promotions clock={fakeClock(0)} />);
    await flush(asked(fetchFn, '/api/marketing-messages?type=premium'));
    await flush(() => false); // let the answer render
    advance(10_000);
    expect(screen.getByText('Vire Premium')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Conhecer o Premium' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
    expect(fetchFn.calls.some((c) => c.url === '/api/marketing-messages?type=premium')).toBe(true);
  });

  it('shows Premium users no promotion and does not ask for any', async () => {
    const fetchFn = jsonResponses({ '/auth/user': [200, userFixture({ isPremium: true })] });
    vi.stubGlobal('fetch', fetchFn);
    renderAt(<Promotions clock={fakeClock(0)} />);
    await flush(asked(fetchFn, '/auth/user'));
    await flush(() => false); // let the answer render
    advance(100_000);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(fetchFn.calls.some((c) => c.url.startsWith('/api/marketing-messages'))).toBe(false);
  });

  it('falls back to the built-in pt-BR messages when the call fails', async () => {
    const fetchFn = jsonResponses({
      '/auth/user': [401, {}],
      '/api/marketing-messages': [503, { message: 'indisponível' }],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderAt(<Promotions clock={fakeClock(0)} />);
    await flush(asked(fetchFn, '/api/marketing-messages?type=signup'));
    await flush(() => false); // let the answer render
    advance(10_000);
    expect(screen.getByText('Crie sua conta gratuita')).toBeInTheDocument();
  });
});

describe('notice card', () => {
  it('offers anonymous visitors a dismissible card whose action goes to /auth/login', async () => {
    vi.useRealTimers();
    vi.stubGlobal(
      'fetch',
      jsonResponses({ '/auth/user': [401, {}], '/api/marketing-messages': [200, []] }),
    );
    renderInLayout('/');
    expect(await screen.findByText('Aproveite mais com uma conta gratuita')).toBeInTheDocument();
    const card = screen.getByRole('region', { name: 'Aproveite mais com uma conta gratuita' });
    const action = within(card).getByRole('link', { name: 'Entrar para aproveitar mais' });
    expect(action).toHaveAttribute('href', '/auth/login');
    expect(action).toHaveTextContent('Entrar');
    // One link named 'Entrar' on the page (the header's, to /auth): never two identical ones.
    expect(
      screen.getAllByRole('link', { name: 'Entrar' }).map((l) => l.getAttribute('href')),
    ).toEqual(['/auth']);
    fireEvent.click(screen.getByRole('button', { name: 'Dispensar aviso' }));
    expect(screen.queryByText('Aproveite mais com uma conta gratuita')).not.toBeInTheDocument();
  });

  it('draws the workspace only with the card, once the visitor is known (no layout shift)', async () => {
    vi.useRealTimers();
    sessionStorage.clear();
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL) =>
        (input instanceof Request ? input.url : String(input)).includes('/auth/session')
          ? new Promise<Response>((resolve) => {
              answer = resolve;
            })
          : Promise.resolve(Response.json([])),
      ),
    );
    renderInLayout('/');
    // While "who is visiting" is on its way: the spinner, neither the page nor the card.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(screen.queryByText('Página inicial')).toBeNull();
    expect(screen.queryByText('Aproveite mais com uma conta gratuita')).toBeNull();
    answer(Response.json({ user: null }));
    expect(await screen.findByText('Aproveite mais com uma conta gratuita')).toBeInTheDocument();
    expect(screen.getByText('Página inicial')).toBeInTheDocument();
  });

  it('offers free users the same card on the workspace, its action also to /auth/login', async () => {
    vi.useRealTimers();
    sessionStorage.clear();
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [200, userFixture({ isPremium: false })],
        '/api/marketing-messages': [200, []],
      }),
    );
    renderInLayout('/');
    const card = await screen.findByRole('region', { name: 'Você está no plano gratuito' });
    const action = within(card).getByRole('link', { name: 'Assinar Premium' });
    expect(action).toHaveAttribute('href', '/auth/login');
  });

  it('is on the workspace only, and never for Premium users', async () => {
    vi.useRealTimers();
    sessionStorage.clear();
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [200, userFixture({ isPremium: false })],
        '/api/marketing-messages': [200, []],
      }),
    );
    renderInLayout('/user');
    await screen.findByText('Página Minha Área');
    expect(screen.queryByRole('region', { name: 'Você está no plano gratuito' })).toBeNull();
    cleanup();
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [200, userFixture({ isPremium: true })],
        '/api/marketing-messages': [200, []],
      }),
    );
    renderInLayout('/');
    await screen.findByText('Página inicial');
    await screen.findByRole('button', { name: /^Ana/ }).catch(() => undefined);
    expect(screen.queryByRole('region', { name: 'Você está no plano gratuito' })).toBeNull();
    expect(
      screen.queryByRole('region', { name: 'Aproveite mais com uma conta gratuita' }),
    ).toBeNull();
  });
});
