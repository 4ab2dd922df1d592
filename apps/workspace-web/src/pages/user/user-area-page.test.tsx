import { scaled } from '@pv/web-kit/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInLayout, userFixture } from '../../layout/testing';
import { openExternal } from '../../open-external';
import { jsonResponses } from '../../test/render';
import UserAreaPage from './user-area-page';

// jsdom does not navigate: the portal's address is checked where the app would go.
vi.mock('../../open-external', () => ({ openExternal: vi.fn() }));

// The Templates tab is a lazy chunk (issue 25): load its module once, so each test waits only for
// React to render it, not for the transform of the module graph behind it.
beforeAll(() => import('./templates-tab'));

const pages = [
  { path: '/user', element: <UserAreaPage initialTab="dashboard" /> },
  { path: '/profile', element: <UserAreaPage initialTab="templates" /> },
];

const metrics = {
  currentMonth: {
    transcriptionCount: 12,
    formattingCount: 7,
    pdfGenerationCount: 3,
    aiRequestCount: 25,
    extractionCount: 4,
    sessionDuration: 600,
  },
  limits: {
    transcriptionLimit: 50,
    formattingLimit: 30,
    pdfLimit: 20,
    aiRequestLimit: 100,
    storageLimit: 1000,
    extractionLimit: 30,
  },
  totalUsage: {
    totalTranscriptions: 140,
    totalFormatting: 90,
    totalPDFs: 33,
    totalAIRequests: 400,
    memberSince: '2025-06-10T12:00:00.000Z',
  },
};

const longContent = `${'A'.repeat(100)}FIM-ESCONDIDO`;
const templates = [
  {
    id: '00000000-0000-4000-8000-0000000000c1',
    name: 'Consulta de retorno',
    content: longContent,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
];

afterEach(() => vi.unstubAllGlobals());

const card = (name: string) => screen.getByRole('region', { name });

describe('Minha Área', () => {
  it("shows 'Acesso Negado' and a login button to /auth to anonymous visitors", async () => {
    vi.stubGlobal('fetch', jsonResponses({ '/auth/user': [401, {}] }));
    renderInLayout('/user', pages);
    expect(await screen.findByRole('heading', { name: 'Acesso Negado' })).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Entrar' })).toHaveAttribute('href', '/auth');
  });

  it('shows a free user five usage cards, the free plan with an upgrade, totals and the Premium benefits', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({ '/auth/user': [200, userFixture()], '/api/user-metrics': [200, metrics] }),
    );
    renderInLayout('/user', pages);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Minha Área' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Bem-vindo(a), Ana!')).toBeInTheDocument();
    expect(card('Transcrições')).toHaveTextContent('12 de 50');
    expect(card('Formatações')).toHaveTextContent('7 de 30');
    expect(card('PDFs gerados')).toHaveTextContent('3 de 20');
    expect(card('Requisições de IA')).toHaveTextContent('25 de 100');
    expect(card('Leituras de PDF')).toHaveTextContent('4 de 30');
    expect(card('Seu plano')).toHaveTextContent('Plano Gratuito');
    expect(
      within(card('Seu plano')).getByRole('link', { name: 'Fazer upgrade para Premium' }),
    ).toHaveAttribute('href', '/subscribe');
    expect(card('Totais desde que você entrou')).toHaveTextContent('Membro desde 10/06/2025');
    expect(card('Totais desde que você entrou')).toHaveTextContent('140');
    const benefits = within(card('Benefícios do Premium')).getAllByRole('listitem');
    expect(benefits).toHaveLength(6);
    expect(screen.queryByText('Premium', { selector: '.MuiChip-label' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/');
  });

  it('shows a Premium user the badge, plan Ativo / Mensal, unlimited cards and no benefits list', async () => {
    const premiumMetrics = {
      ...metrics,
      limits: {
        transcriptionLimit: -1,
        formattingLimit: -1,
        pdfLimit: -1,
        aiRequestLimit: -1,
        extractionLimit: -1,
        storageLimit: 10000,
      },
    };
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [200, userFixture({ subscriptionStatus: 'active' })],
        '/api/user-metrics': [200, premiumMetrics],
      }),
    );
    renderInLayout('/user', pages);
    await screen.findByText('Bem-vindo(a), Ana!');
    expect(screen.getByText('Premium', { selector: '.MuiChip-label' })).toBeInTheDocument();
    expect(card('Seu plano')).toHaveTextContent('Plano Premium');
    expect(card('Seu plano')).toHaveTextContent('Ativo');
    expect(card('Seu plano')).toHaveTextContent('Mensal');
    expect(card('Transcrições')).toHaveTextContent('Ilimitado');
    expect(screen.queryByRole('region', { name: 'Benefícios do Premium' })).not.toBeInTheDocument();
  });

  it("cancels a Premium subscription at the period's end after a confirmation", async () => {
    const premiumMetrics = { ...metrics, limits: { ...metrics.limits, formattingLimit: -1 } };
    const running = {
      subscriptionId: 'sub_1',
      status: 'active',
      isPremium: true,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: '2026-12-26T15:00:00.000Z',
    };
    let cancelled = false;
    const fetchFn = jsonResponses({
      '/auth/user': [200, userFixture({ subscriptionStatus: 'active' })],
      '/api/user-metrics': [200, premiumMetrics],
      'GET /api/subscription': () => [
        200,
        { subscription: { ...running, cancelAtPeriodEnd: cancelled } },
      ],
      'POST /api/subscription/cancel': () => {
        cancelled = true;
        return [
          200,
          {
            message:
              'Assinatura cancelada. Você continua com o Premium até 26/12/2026; depois disso, nenhuma nova cobrança será feita.',
            subscription: { ...running, cancelAtPeriodEnd: true },
          },
        ];
      },
    });
    vi.stubGlobal('fetch', fetchFn);
    renderInLayout('/user', pages);
    await screen.findByText('Bem-vindo(a), Ana!', undefined, { timeout: scaled(5_000) });
    const plan = card('Seu plano');
    await userEvent.click(await within(plan).findByRole('button', { name: 'Cancelar assinatura' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar a assinatura Premium?' });
    expect(dialog).toHaveTextContent(
      'Você continua com o Premium até 26/12/2026. Depois disso, a assinatura termina e nenhuma nova cobrança é feita.',
    );
    // 'Manter assinatura' closes without cancelling.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Manter assinatura' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchFn.calls.some((c) => c.url === '/api/subscription/cancel')).toBe(false);

    await userEvent.click(within(plan).getByRole('button', { name: 'Cancelar assinatura' }));
    const again = await screen.findByRole('dialog', { name: 'Cancelar a assinatura Premium?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Cancelar assinatura' }));
    expect(
      await screen.findByText(
        'Assinatura cancelada. Você continua com o Premium até 26/12/2026; depois disso, nenhuma nova cobrança será feita.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(card('Seu plano')).toHaveTextContent('Cancelada'));
    expect(card('Seu plano')).toHaveTextContent('Premium até26/12/2026');
    expect(
      within(card('Seu plano')).queryByRole('button', { name: 'Cancelar assinatura' }),
    ).not.toBeInTheDocument();
    expect(fetchFn.calls.filter((c) => c.url === '/api/subscription/cancel')).toHaveLength(1);
  });

  it("offers Stripe's Customer Portal beside 'Cancelar assinatura' where it is configured", async () => {
    const premiumMetrics = { ...metrics, limits: { ...metrics.limits, formattingLimit: -1 } };
    const running = {
      subscriptionId: 'sub_123',
      status: 'active',
      isPremium: true,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: '2026-12-26T15:00:00.000Z',
    };
    const portalUrl = 'https://billing.stripe.com/p/session/test_abc';
    const fetchFn = jsonResponses({
      '/auth/user': [200, userFixture({ subscriptionStatus: 'active' })],
      '/api/user-metrics': [200, premiumMetrics],
      'GET /api/subscription': [200, { subscription: running, portalAvailable: true }],
      'POST /api/subscription/portal': [200, { url: portalUrl }],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderInLayout('/user', pages);
    await screen.findByText('Bem-vindo(a), Ana!', undefined, { timeout: scaled(5_000) });
    const plan = card('Seu plano');
    const manage = await within(plan).findByRole('button', { name: 'Gerenciar assinatura' });
    expect(within(plan).getByRole('button', { name: 'Cancelar assinatura' })).toBeInTheDocument();
    await userEvent.click(manage);
    await waitFor(() => expect(openExternal).toHaveBeenCalledWith(portalUrl));
    expect(fetchFn.calls.filter((c) => c.url === '/api/subscription/portal')).toHaveLength(1);
  });

  it("shows 'Erro ao abrir o portal de assinatura' when the portal cannot be opened", async () => {
    const premiumMetrics = { ...metrics, limits: { ...metrics.limits, formattingLimit: -1 } };
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [200, userFixture({ subscriptionStatus: 'active' })],
        '/api/user-metrics': [200, premiumMetrics],
        'GET /api/subscription': [200, { subscription: null, portalAvailable: true }],
        'POST /api/subscription/portal': [
          502,
          {
            statusCode: 502,
            code: 'PAYMENT_PROVIDER_ERROR',
            message:
              'Não foi possível falar com o provedor de pagamentos. Tente novamente em instantes.',
          },
        ],
      }),
    );
    renderInLayout('/user', pages);
    await userEvent.click(
      await screen.findByRole(
        'button',
        { name: 'Gerenciar assinatura' },
        { timeout: scaled(5_000) },
      ),
    );
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(toast).toHaveTextContent('Erro ao abrir o portal de assinatura');
    expect(toast).toHaveTextContent('Não foi possível falar com o provedor de pagamentos.');
  });

  it('offers no cancellation when Premium was granted without a subscription', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [200, userFixture({ subscriptionStatus: 'active' })],
        '/api/user-metrics': [200, metrics],
        '/api/subscription': [200, { subscription: null, portalAvailable: false }],
      }),
    );
    renderInLayout('/user', pages);
    await screen.findByText('Bem-vindo(a), Ana!');
    expect(card('Seu plano')).toHaveTextContent('Ativo');
    expect(screen.queryByRole('button', { name: 'Cancelar assinatura' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Gerenciar assinatura' })).not.toBeInTheDocument();
  });

  it('falls back to sample data (the free limits) when GET /api/user-metrics fails', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [200, userFixture()],
        '/api/user-metrics': [500, { message: 'x' }],
      }),
    );
    renderInLayout('/user', pages);
    expect(
      await screen.findByText(
        'Não foi possível carregar as suas métricas agora. Exibindo valores de referência do seu plano.',
      ),
    ).toBeInTheDocument();
    expect(card('Transcrições')).toHaveTextContent('0 de 50');
    expect(card('Formatações')).toHaveTextContent('0 de 30');
    expect(card('PDFs gerados')).toHaveTextContent('0 de 20');
    expect(card('Requisições de IA')).toHaveTextContent('0 de 100');
    expect(card('Totais desde que você entrou')).toHaveTextContent('Membro desde 15/01/2026');
  });
});

describe('Perfil tab', () => {
  // MUI's select opens on mouse down; fireEvent keeps the 27 UFs cheap to pick from.
  const choose = async (field: string, option: string) => {
    fireEvent.mouseDown(screen.getByRole('combobox', { name: field }));
    fireEvent.click(await screen.findByRole('option', { name: option }));
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  };

  it(
    'PUTs /api/profile with the council, UF, number, RQE and the clinic, and confirms',
    async () => {
      const updated = userFixture({
        fullName: 'Ana Maria Souza',
        professionalRegistry: 'CRM',
        registryNumber: '123456',
        registryUf: 'SP',
        rqe: '7788',
      });
      const fetchFn = jsonResponses({
        '/auth/user': [200, userFixture()],
        '/api/user-metrics': [200, metrics],
        'PUT /api/profile': [200, updated],
      });
      vi.stubGlobal('fetch', fetchFn);
      renderInLayout('/user', pages);
      await userEvent.click(await screen.findByRole('tab', { name: 'Perfil' }));
      await choose('Conselho profissional', 'CRM');
      await choose('UF do conselho', 'SP');
      fireEvent.change(screen.getByLabelText('Número do registro'), {
        target: { value: '123456' },
      });
      fireEvent.change(screen.getByLabelText('RQE (especialista)'), { target: { value: '7788' } });
      fireEvent.change(screen.getByLabelText('Telefone do consultório'), {
        target: { value: '(11) 3333-4444' },
      });
      fireEvent.change(screen.getByLabelText('Endereço do consultório'), {
        target: { value: 'Rua das Acácias, 100 - São Paulo/SP' },
      });
      await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
      expect(await screen.findByText('Perfil atualizado com sucesso')).toBeInTheDocument();
      expect(fetchFn.calls.find((c) => c.method === 'PUT')?.body).toEqual({
        fullName: 'Ana Maria Souza',
        professionalRegistry: 'CRM',
        registryNumber: '123456',
        registryUf: 'SP',
        rqe: '7788',
        specialty: null,
        clinicPhone: '(11) 3333-4444',
        clinicAddress: 'Rua das Acácias, 100 - São Paulo/SP',
        // Issue 23: the CPF field, left blank.
        cpf: null,
      });
      // Two selects and six fields in jsdom: slow on a shared machine, not stuck.
    },
    scaled(60_000),
  );

  it('shows the saved registry and opens on Perfil from the workspace link', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [
          200,
          userFixture({
            professionalRegistry: 'COREN',
            registryNumber: '98765-ENF',
            registryUf: 'RJ',
            rqe: null,
          }),
        ],
        '/api/user-metrics': [200, metrics],
      }),
    );
    renderInLayout('/user?tab=profile', pages);
    expect(await screen.findByLabelText('Número do registro')).toHaveValue('98765-ENF');
    expect(screen.getByRole('combobox', { name: 'UF do conselho' })).toHaveTextContent('RJ');
    expect(screen.getByRole('combobox', { name: 'Conselho profissional' })).toHaveTextContent(
      'COREN',
    );
  });

  it(
    'points at the registry fields before sending: letters in a CRM, a number without UF',
    async () => {
      const fetchFn = jsonResponses({
        '/auth/user': [200, userFixture()],
        '/api/user-metrics': [200, metrics],
        'PUT /api/profile': [200, userFixture()],
      });
      vi.stubGlobal('fetch', fetchFn);
      renderInLayout('/user', pages);
      await userEvent.click(await screen.findByRole('tab', { name: 'Perfil' }));
      await choose('Conselho profissional', 'CRM');
      const number = screen.getByLabelText('Número do registro');
      fireEvent.change(number, { target: { value: '12345-SP' } });
      await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
      expect(
        (await screen.findAllByText('Número do CRM inválido: use apenas algarismos (ex.: 123456).'))
          .length,
      ).toBeGreaterThan(0);
      expect(number).toHaveAttribute('aria-invalid', 'true');
      fireEvent.change(number, { target: { value: '12345' } });
      await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
      expect(
        (
          await screen.findAllByText(
            'Escolha a UF do conselho em que o registro foi feito (ex.: SP).',
          )
        ).length,
      ).toBeGreaterThan(0);
      expect(fetchFn.calls.some((c) => c.method === 'PUT')).toBe(false);
    },
    scaled(60_000),
  );

  it("shows the server's message when it refuses the registry", async () => {
    const fetchFn = jsonResponses({
      '/auth/user': [200, userFixture()],
      '/api/user-metrics': [200, metrics],
      'PUT /api/profile': [
        400,
        {
          error: 'Bad Request',
          code: 'REGISTRY_UF_UNKNOWN',
          message: 'UF do registro desconhecida. Escolha a sigla de um dos 27 estados (ex.: SP).',
        },
      ],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderInLayout('/user', pages);
    await userEvent.click(await screen.findByRole('tab', { name: 'Perfil' }));
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() =>
      expect(document.querySelector('[data-variant="destructive"]')).toHaveTextContent(
        'UF do registro desconhecida. Escolha a sigla de um dos 27 estados (ex.: SP).',
      ),
    );
  });

  it("requires the full name and shows 'Erro ao atualizar perfil' when the server gives no message", async () => {
    const fetchFn = jsonResponses({
      '/auth/user': [200, userFixture()],
      '/api/user-metrics': [200, metrics],
      'PUT /api/profile': [500, {}],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderInLayout('/user', pages);
    await userEvent.click(await screen.findByRole('tab', { name: 'Perfil' }));
    const name = screen.getByLabelText(/^Nome Completo/);
    fireEvent.change(name, { target: { value: '  ' } });
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    expect((await screen.findAllByText('Nome Completo é obrigatório')).length).toBeGreaterThan(0);
    expect(fetchFn.calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(name, { target: { value: 'Ana Souza' } });
    await userEvent.click(screen.getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() =>
      expect(document.querySelector('[data-variant="destructive"]')).toHaveTextContent(
        'Erro ao atualizar perfil',
      ),
    );
    expect(document.querySelector('[data-variant="destructive"]')).toHaveTextContent('Erro');
  });
});

describe('Templates tab', () => {
  it('shows free users the upgrade prompt instead of templates', async () => {
    const fetchFn = jsonResponses({ '/auth/user': [200, userFixture()] });
    vi.stubGlobal('fetch', fetchFn);
    renderInLayout('/profile', pages);
    expect(
      await screen.findByText(
        'Templates personalizados são exclusivos do plano Premium. Faça o upgrade para criar os seus.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fazer upgrade para Premium' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
    expect(fetchFn.calls.some((c) => c.url === '/api/user-templates')).toBe(false);
  });

  it('lists Premium templates with a 100-character preview', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [200, userFixture({ isPremium: true })],
        '/api/user-templates': [200, templates],
      }),
    );
    renderInLayout('/profile', pages);
    const item = await screen.findByRole('article', { name: 'Consulta de retorno' });
    expect(item).toHaveTextContent(`${'A'.repeat(100)}...`);
    expect(item).not.toHaveTextContent('FIM-ESCONDIDO');
  });

  it('creates, edits and deletes a template through /api/user-templates', async () => {
    const fetchFn = jsonResponses({
      '/auth/user': [200, userFixture({ isPremium: true })],
      'GET /api/user-templates': [200, templates],
      'POST /api/user-templates': [
        201,
        { ...templates[0], id: '00000000-0000-4000-8000-0000000000c2', name: 'Novo' },
      ],
      [`PUT /api/user-templates/${templates[0]?.id}`]: [200, templates[0]],
      [`DELETE /api/user-templates/${templates[0]?.id}`]: [200, { message: 'ok' }],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderInLayout('/profile', pages);
    await screen.findByRole('article', { name: 'Consulta de retorno' });

    await userEvent.click(screen.getByRole('button', { name: 'Criar template' }));
    let dialog = await screen.findByRole('dialog', { name: 'Criar template' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    expect(
      within(dialog).getByText('Informe o nome e o conteúdo do template.'),
    ).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText(/^Nome do template/), {
      target: { value: 'Novo' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Conteúdo do template/), {
      target: { value: 'Queixa principal: ...' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText('Template criado com sucesso')).toBeInTheDocument();
    expect(
      fetchFn.calls.find((c) => c.method === 'POST' && c.url === '/api/user-templates')?.body,
    ).toEqual({ name: 'Novo', content: 'Queixa principal: ...' });

    await userEvent.click(screen.getByRole('button', { name: 'Editar Consulta de retorno' }));
    dialog = await screen.findByRole('dialog', { name: 'Editar template' });
    fireEvent.change(within(dialog).getByLabelText(/^Nome do template/), {
      target: { value: 'Retorno' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    expect(await screen.findByText('Template atualizado com sucesso')).toBeInTheDocument();
    expect(fetchFn.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Retorno',
      content: longContent,
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Excluir Consulta de retorno' }));
    dialog = await screen.findByRole('dialog', { name: 'Excluir template?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    expect(await screen.findByText('Template excluído com sucesso')).toBeInTheDocument();
    expect(
      fetchFn.calls.some(
        (c) => c.method === 'DELETE' && c.url === `/api/user-templates/${templates[0]?.id}`,
      ),
    ).toBe(true);
  });

  it("shows 'Erro ao criar template' with the server's message", async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [200, userFixture({ isPremium: true })],
        'GET /api/user-templates': [200, []],
        'POST /api/user-templates': [
          403,
          {
            message:
              'Templates personalizados são exclusivos do plano Premium. Faça o upgrade para criar os seus.',
          },
        ],
      }),
    );
    renderInLayout('/profile', pages);
    expect(await screen.findByText('Nenhum template personalizado')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Criar template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Criar template' });
    fireEvent.change(within(dialog).getByLabelText(/^Nome do template/), {
      target: { value: 'X' },
    });
    fireEvent.change(within(dialog).getByLabelText(/^Conteúdo do template/), {
      target: { value: 'Y' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar alterações' }));
    await waitFor(() =>
      expect(document.querySelector('[data-variant="destructive"]')).toHaveTextContent(
        'Erro ao criar template',
      ),
    );
  });
});
