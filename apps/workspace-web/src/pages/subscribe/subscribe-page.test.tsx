import { scaled } from '@pv/web-kit/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInLayout, userFixture } from '../../layout/testing';
import { jsonResponses } from '../../test/render';
import SubscribePage from './subscribe-page';
import SubscribeSuccessPage from './subscribe-success-page';

// The Payment Element needs Stripe.js from the network; the form itself is Stripe's. Here it is a
// button that reports a payment intent, so the page's own flow is what is tested.
vi.mock('./stripe-checkout', () => ({
  default: ({
    onPaid,
    priceLabel,
  }: {
    onPaid: (id: string) => Promise<void>;
    priceLabel: string;
  }) => (
    <button
      type="button"
      onClick={() => void onPaid('pi_test_123')}
    >{`Pagar ${priceLabel}`}</button>
  ),
}));

const subscription = {
  clientSecret: 'pi_test_123_secret_abc',
  subscriptionId: 'sub_test_1',
  message: 'ok',
  publishableKey: 'pk_test_1',
};

function pages(reload = vi.fn()) {
  return [
    { path: '/subscribe', element: <SubscribePage reload={reload} /> },
    { path: '/subscribe-success', element: <SubscribeSuccessPage /> },
  ];
}

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('/subscribe', () => {
  it('shows the loading state while the subscription is created', async () => {
    let release: (value: Response) => void = () => {};
    const table = jsonResponses({ '/auth/user': [200, userFixture()] });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (request.url.endsWith('/api/create-subscription'))
        return new Promise<Response>((r) => {
          release = r;
        });
      return table(request);
    });
    renderInLayout('/subscribe', pages());
    expect(await screen.findByText('Preparando o pagamento...')).toBeInTheDocument();
    release(
      new Response(JSON.stringify(subscription), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    expect(await screen.findByText('Plano Premium')).toBeInTheDocument();
  });

  it('shows the plan: six benefits, R$ 29,90, the test-mode hint, the card form and a back button to /user', async () => {
    const fetchFn = jsonResponses({
      '/auth/user': [200, userFixture()],
      'POST /api/create-subscription': [200, subscription],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderInLayout('/subscribe', pages());
    expect(await screen.findByRole('heading', { name: 'Plano Premium' })).toBeInTheDocument();
    expect(screen.getByText('R$ 29,90')).toBeInTheDocument();
    for (const benefit of [
      'Transcrições ilimitadas',
      'Formatações com IA ilimitadas',
      'Geração de PDFs ilimitada',
      'Templates personalizados',
      'Super Transcritor: 600 minutos por mês',
      'Assinatura digital com certificados ICP-Brasil',
    ])
      expect(screen.getByText(benefit)).toBeInTheDocument();
    expect(screen.getByText(/Ambiente de testes/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Pagar R$ 29,90' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/user');
    expect(fetchFn.calls.filter((c) => c.url === '/api/create-subscription')).toHaveLength(1);
  });

  it('shows no test-card hint with live keys (pk_live_)', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [200, userFixture()],
        'POST /api/create-subscription': [200, { ...subscription, publishableKey: 'pk_live_1' }],
      }),
    );
    renderInLayout('/subscribe', pages());
    expect(await screen.findByRole('button', { name: 'Pagar R$ 29,90' })).toBeInTheDocument();
    expect(screen.queryByText(/Ambiente de testes/)).not.toBeInTheDocument();
    expect(screen.queryByText(/4242/)).not.toBeInTheDocument();
  });

  it("shows 'Erro ao inicializar pagamento' with a retry that reloads the page", async () => {
    const reload = vi.fn();
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [200, userFixture()],
        'POST /api/create-subscription': [502, {}],
      }),
    );
    renderInLayout('/subscribe', pages(reload));
    expect(
      await screen.findByRole('heading', { name: 'Erro ao inicializar pagamento' }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(document.querySelector('[data-variant="destructive"]')).toHaveTextContent(
        'Erro ao inicializar pagamento. Tente novamente.',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('shows the server message when payments are not configured (503)', async () => {
    const message =
      'Os pagamentos ainda não estão configurados neste servidor. Tente novamente mais tarde ou fale com o suporte.';
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [200, userFixture()],
        'POST /api/create-subscription': [
          503,
          { statusCode: 503, code: 'PAYMENTS_NOT_CONFIGURED', message },
        ],
      }),
    );
    renderInLayout('/subscribe', pages());
    expect(
      await screen.findByRole('heading', { name: 'Erro ao inicializar pagamento' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
  });

  it("says 'Erro ao criar assinatura - clientSecret ausente' when the answer has no client secret", async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [200, userFixture()],
        'POST /api/create-subscription': [200, { ...subscription, clientSecret: '' }],
      }),
    );
    renderInLayout('/subscribe', pages());
    expect(
      await screen.findByRole('heading', { name: 'Erro ao inicializar pagamento' }),
    ).toBeInTheDocument();
    expect(
      screen.getAllByText('Erro ao criar assinatura - clientSecret ausente').length,
    ).toBeGreaterThan(0);
  });

  it('after payment confirms, upgrades and goes to /subscribe-success?upgraded=true after 1 s', async () => {
    const fetchFn = jsonResponses({
      '/auth/user': [200, userFixture()],
      'POST /api/create-subscription': [200, subscription],
      'POST /api/confirm-payment': [
        200,
        {
          message: 'ok',
          subscriptionId: 'sub_test_1',
          subscriptionStatus: 'active',
          isPremium: true,
        },
      ],
      'POST /api/subscription/upgrade': [
        200,
        {
          message: 'ok',
          subscriptionId: 'sub_test_1',
          subscriptionStatus: 'active',
          isPremium: true,
          upgraded: true,
        },
      ],
    });
    vi.stubGlobal('fetch', fetchFn);
    const { router } = renderInLayout('/subscribe', pages());
    await userEvent.click(await screen.findByRole('button', { name: 'Pagar R$ 29,90' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscribe-success'), {
      timeout: scaled(3000),
    });
    expect(router.state.location.search).toBe('?upgraded=true');
    expect(fetchFn.calls.find((c) => c.url === '/api/confirm-payment')?.body).toEqual({
      paymentIntentId: 'pi_test_123',
      subscriptionId: 'sub_test_1',
    });
    expect(fetchFn.calls.find((c) => c.url === '/api/subscription/upgrade')?.body).toEqual({
      subscriptionId: 'sub_test_1',
    });
    expect(
      await screen.findByRole('heading', { name: 'Assinatura confirmada!' }),
    ).toBeInTheDocument();
  });

  it('still goes to the success page, without upgraded, when confirm-payment fails', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [200, userFixture()],
        'POST /api/create-subscription': [200, subscription],
        'POST /api/confirm-payment': [402, { message: 'recusado' }],
      }),
    );
    const { router } = renderInLayout('/subscribe', pages());
    await userEvent.click(await screen.findByRole('button', { name: 'Pagar R$ 29,90' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/subscribe-success'), {
      timeout: scaled(3000),
    });
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'Pagamento recebido' })).toBeInTheDocument();
  });

  it('asks anonymous visitors to sign in and creates nothing', async () => {
    const fetchFn = jsonResponses({ '/auth/user': [401, {}] });
    vi.stubGlobal('fetch', fetchFn);
    renderInLayout('/subscribe', pages());
    expect(
      await screen.findByText('Entre na sua conta para assinar o Premium.'),
    ).toBeInTheDocument();
    expect(fetchFn.calls.some((c) => c.url === '/api/create-subscription')).toBe(false);
  });
});
