import type { AdminUser } from '@pv/contracts';
import { scaled } from '@pv/web-kit/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asAdmin, makeAdminUser } from '../../../test/fixtures';
import { jsonResponses, type RecordedCall, renderAt } from '../../../test/render';
import UsersTab from './users-tab';

const bruno = makeAdminUser({ fullName: 'Bruno Souza', email: 'bruno@example.com' });
const carla = makeAdminUser({
  fullName: 'Carla Dias',
  email: 'CARLA@clinica.com.br',
  isPremium: true,
  userStatus: 'suspended',
  lastLoginAt: '2026-11-21T13:45:00.000Z',
});
const nameless = makeAdminUser({ fullName: '', email: 'sem.nome@example.com' });
const boss = makeAdminUser({ fullName: 'Chefe Admin', email: 'chefe@example.com', isAdmin: true });
const users = [bruno, carla, nameless, boss];

/**
 * GET /api/admin/users as the auth service answers it: searched (name or email, any case),
 * sorted and paged from the query string, with the pagination block.
 */
function usersServer(all: AdminUser[]) {
  return (call: RecordedCall): [number, unknown] => {
    const params = new URL(call.url, 'http://localhost').searchParams;
    const page = Number(params.get('page') ?? 1);
    const limit = Number(params.get('limit') ?? 25);
    const q = (params.get('q') ?? '').toLowerCase();
    const sort = params.get('sort') as keyof AdminUser | null;
    let found = all.filter((u) => `${u.fullName} ${u.email}`.toLowerCase().includes(q));
    if (sort) {
      const sign = params.get('order') === 'desc' ? -1 : 1;
      found = [...found].sort((a, b) => (String(a[sort]) < String(b[sort]) ? -sign : sign));
    }
    const totalPages = Math.ceil(found.length / limit);
    return [
      200,
      {
        users: found.slice((page - 1) * limit, page * limit),
        pagination: {
          totalCount: found.length,
          currentPage: page,
          totalPages,
          hasPrev: page > 1,
          hasNext: page < totalPages,
        },
      },
    ];
  };
}

const table = (extra = {}) =>
  jsonResponses({ ...asAdmin, 'GET /api/admin/users': usersServer(users), ...extra });

async function renderUsers(extra = {}) {
  const fetchFn = table(extra);
  vi.stubGlobal('fetch', fetchFn);
  renderAt(<UsersTab />);
  await screen.findByText('Bruno Souza');
  return fetchFn;
}

const toast = () => screen.findByTestId('toast');
/**
 * A page of rows the table draws in the background (users-tab.tsx renders each answer as a
 * transition): under jsdom, 25 rows take longer than findBy's default second.
 */
const findRow = (name: string) => screen.findByText(name, {}, { timeout: scaled(10_000) });
const listCalls = (fetchFn: { calls: RecordedCall[] }) =>
  fetchFn.calls.filter((c) => c.method === 'GET' && c.url.startsWith('/api/admin/users'));

describe('Usuários paged, searched and sorted on the server (issue 17)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const many = Array.from({ length: 60 }, (_, i) =>
    makeAdminUser({
      fullName: `Pessoa ${String(i).padStart(2, '0')}`,
      email: `p${i}@example.com`,
    }),
  );

  it(
    "asks for one page of 25 and pages with the table's controls",
    async () => {
      const fetchFn = jsonResponses({ ...asAdmin, 'GET /api/admin/users': usersServer(many) });
      vi.stubGlobal('fetch', fetchFn);
      renderAt(<UsersTab />);
      await findRow('Pessoa 00');
      expect(listCalls(fetchFn).map((c) => c.url)).toEqual(['/api/admin/users?page=1&limit=25']);
      // The page's rows arrive a few per commit (users-tab.tsx ROWS_AT_ONCE), every one of them.
      expect(await findRow('Pessoa 24')).toBeInTheDocument();
      expect(screen.queryByText('Pessoa 25')).not.toBeInTheDocument();
      expect(screen.getByText(/^1.25 de 60$/)).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Ir para a próxima página' }));
      expect(await findRow('Pessoa 25')).toBeInTheDocument();
      expect(listCalls(fetchFn).at(-1)?.url).toBe('/api/admin/users?page=2&limit=25');
    },
    scaled(60_000),
  );

  it(
    'sends the search once typing pauses, and starts again at page 1',
    async () => {
      const fetchFn = jsonResponses({ ...asAdmin, 'GET /api/admin/users': usersServer(many) });
      vi.stubGlobal('fetch', fetchFn);
      renderAt(<UsersTab />);
      await findRow('Pessoa 00');
      await userEvent.click(screen.getByRole('button', { name: 'Ir para a próxima página' }));
      await findRow('Pessoa 25');
      const before = listCalls(fetchFn).length;
      const box = screen.getByRole('searchbox', { name: 'Buscar por nome ou email' });
      // Typing faster than the pause: one change per keystroke, no wait in between.
      for (const end of [1, 2, 3, 4, 5, 6, 7, 8])
        fireEvent.change(box, { target: { value: 'PESSOA 0'.slice(0, end) } });
      await waitFor(() => expect(screen.getByText(/^1.10 de 10$/)).toBeInTheDocument(), {
        timeout: scaled(10_000),
      });
      // Eight keystrokes, one search: the debounced text, on page 1.
      expect(
        listCalls(fetchFn)
          .slice(before)
          .map((c) => c.url),
      ).toEqual(['/api/admin/users?page=1&limit=25&q=PESSOA+0']);
      expect(screen.getByText('Pessoa 09')).toBeInTheDocument();
    },
    scaled(60_000),
  );

  it("sorts on the server by a header: ascending, descending, then the server's order", async () => {
    const fetchFn = await renderUsers();
    const header = () => screen.getByRole('columnheader', { name: /Email/ });
    const sortByEmail = () =>
      userEvent.click(within(header()).getByRole('button', { name: /Email/ }));
    const emails = () =>
      screen
        .getAllByRole('cell')
        .map((cell) => cell.textContent ?? '')
        .filter((text) => text.includes('@'));
    expect(header()).not.toHaveAttribute('aria-sort');

    await sortByEmail();
    await waitFor(() =>
      expect(listCalls(fetchFn).at(-1)?.url).toBe(
        '/api/admin/users?page=1&limit=25&sort=email&order=asc',
      ),
    );
    await waitFor(() =>
      expect(emails()).toEqual([
        'CARLA@clinica.com.br',
        'bruno@example.com',
        'chefe@example.com',
        'sem.nome@example.com',
      ]),
    );
    expect(header()).toHaveAttribute('aria-sort', 'ascending');

    await sortByEmail();
    await waitFor(() =>
      expect(listCalls(fetchFn).at(-1)?.url).toBe(
        '/api/admin/users?page=1&limit=25&sort=email&order=desc',
      ),
    );
    await waitFor(() => expect(emails()[0]).toBe('sem.nome@example.com'));
    expect(header()).toHaveAttribute('aria-sort', 'descending');

    // A third click drops the order: the first page as the server lists it (still cached).
    await sortByEmail();
    await waitFor(() => expect(emails()[0]).toBe('bruno@example.com'));
    expect(header()).not.toHaveAttribute('aria-sort');
    // Columns the server cannot sort by have no button.
    expect(
      within(screen.getByRole('columnheader', { name: 'Situação' })).queryByRole('button'),
    ).not.toBeInTheDocument();
  });

  it("shows 'Nenhum usuário encontrado' when the search matches no one", async () => {
    await renderUsers();
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Buscar por nome ou email' }),
      'ninguém',
    );
    expect(
      await screen.findByText('Nenhum usuário encontrado', {}, { timeout: scaled(10_000) }),
    ).toBeInTheDocument();
  });
});

describe('Usuários tab', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("lists rows with 'Nome não informado', badges, registry and last login or 'Nunca'", async () => {
    await renderUsers();
    expect(screen.getByText('Nome não informado')).toBeInTheDocument();
    const carlaRow = screen.getByText('Carla Dias').closest('tr') as HTMLElement;
    expect(within(carlaRow).getByText('Premium')).toBeInTheDocument();
    expect(within(carlaRow).getByText('Suspenso')).toBeInTheDocument();
    expect(within(carlaRow).getByText('CRM 12345')).toBeInTheDocument();
    const bossRow = screen.getByText('Chefe Admin').closest('tr') as HTMLElement;
    expect(within(bossRow).getByText('Admin')).toBeInTheDocument();
    const brunoRow = screen.getByText('Bruno Souza').closest('tr') as HTMLElement;
    expect(within(brunoRow).getByText('Ativo')).toBeInTheDocument();
    expect(within(brunoRow).getByText('Nunca')).toBeInTheDocument();
    expect(within(brunoRow).getByText('Médico de Família')).toBeInTheDocument();
  });

  it('filters the list as the admin types, ignoring case', async () => {
    await renderUsers();
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Buscar por nome ou email' }),
      'CARLA',
    );
    await waitFor(() => expect(screen.queryByText('Bruno Souza')).not.toBeInTheDocument(), {
      timeout: scaled(10_000),
    });
    expect(screen.getByText('Carla Dias')).toBeInTheDocument();
  });

  it('hides delete for admins and asks for an irreversible confirmation otherwise', async () => {
    const fetchFn = await renderUsers({
      [`DELETE /api/admin/users/${bruno.id}`]: [200, { message: 'Usuário excluído com sucesso' }],
    });
    expect(screen.queryByRole('button', { name: 'Excluir Chefe Admin' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Excluir Bruno Souza' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(
      'Tem certeza que deseja excluir este usuário? Esta ação não pode ser desfeita.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Excluir' }));
    await waitFor(() =>
      expect(fetchFn.calls.some((c) => c.method === 'DELETE' && c.url.endsWith(bruno.id))).toBe(
        true,
      ),
    );
  });

  it("shows 'Erro ao excluir usuário' with the server message when delete fails", async () => {
    await renderUsers({
      [`DELETE /api/admin/users/${bruno.id}`]: [
        409,
        { statusCode: 409, code: 'CONFLICT', message: 'Não foi possível excluir agora.' },
      ],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Excluir Bruno Souza' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Excluir' }),
    );
    const shown = await toast();
    expect(shown).toHaveTextContent('Erro ao excluir usuário');
    expect(shown).toHaveTextContent('Não foi possível excluir agora.');
  });

  it("'Novo Usuário': the button stays disabled until Nome Completo and Email are filled", async () => {
    const fetchFn = await renderUsers({
      'POST /api/admin/users': [
        201,
        { user: makeAdminUser(), message: 'Usuário criado com sucesso' },
      ],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Novo Usuário' }));
    const dialog = await screen.findByRole('dialog');
    const create = within(dialog).getByRole('button', { name: 'Criar Usuário' });
    expect(create).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Nome Completo/), 'Davi Lima');
    expect(create).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Email/), '   ');
    expect(create).toBeDisabled();
    await userEvent.clear(within(dialog).getByLabelText(/Email/));
    await userEvent.type(within(dialog).getByLabelText(/Email/), 'davi@example.com');
    expect(create).toBeEnabled();
    await userEvent.click(within(dialog).getByRole('switch', { name: 'Premium' }));
    await userEvent.click(create);
    await waitFor(() => expect(fetchFn.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = fetchFn.calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      fullName: 'Davi Lima',
      email: 'davi@example.com',
      isPremium: true,
      isAdmin: false,
      userStatus: 'active',
    });
  });

  it("edit form: 'Erro ao atualizar usuário' toast on failure, and the same required rule", async () => {
    await renderUsers({
      [`PUT /api/admin/users/${bruno.id}`]: [
        400,
        { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Informe um email válido.' },
      ],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Editar Bruno Souza' }));
    const dialog = await screen.findByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Salvar' });
    await userEvent.clear(within(dialog).getByLabelText(/Nome Completo/));
    expect(save).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Nome Completo/), 'Bruno S.');
    await userEvent.click(save);
    const shown = await toast();
    expect(shown).toHaveTextContent('Erro ao atualizar usuário');
    expect(shown).toHaveTextContent('Informe um email válido.');
  });

  it(
    'edit form: council UF, RQE and the clinic are sent; an untouched registry is not',
    async () => {
      const fetchFn = await renderUsers({
        [`PUT /api/admin/users/${bruno.id}`]: [200, bruno],
      });
      await userEvent.click(screen.getByRole('button', { name: 'Editar Bruno Souza' }));
      let dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('combobox', { name: 'UF do conselho' })).toHaveTextContent(
        'SP',
      );
      fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'UF do conselho' }));
      fireEvent.click(await screen.findByRole('option', { name: 'MG' }));
      fireEvent.change(within(dialog).getByLabelText('RQE'), { target: { value: '4321' } });
      fireEvent.change(within(dialog).getByLabelText('Telefone da clínica'), {
        target: { value: '(31) 3222-1100' },
      });
      fireEvent.change(within(dialog).getByLabelText('Endereço da clínica'), {
        target: { value: 'Av. Afonso Pena, 1000 - Belo Horizonte/MG' },
      });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(fetchFn.calls.some((c) => c.method === 'PUT')).toBe(true));
      expect(fetchFn.calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
        professionalRegistry: 'CRM',
        registryNumber: '12345',
        registryUf: 'MG',
        rqe: '4321',
        clinicPhone: '(31) 3222-1100',
        clinicAddress: 'Av. Afonso Pena, 1000 - Belo Horizonte/MG',
      });

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await userEvent.click(screen.getByRole('button', { name: 'Editar Bruno Souza' }));
      dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText(/Nome Completo/), {
        target: { value: 'Bruno S. Souza' },
      });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Salvar' }));
      await waitFor(() => expect(fetchFn.calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
      const second = fetchFn.calls.filter((c) => c.method === 'PUT')[1]?.body as object;
      expect(second).toMatchObject({ fullName: 'Bruno S. Souza' });
      expect(second).not.toHaveProperty('registryNumber');
      expect(second).not.toHaveProperty('registryUf');
    },
    scaled(60_000),
  );

  describe('password reset', () => {
    async function openReset(extra = {}) {
      const fetchFn = await renderUsers(extra);
      await userEvent.click(screen.getByRole('button', { name: 'Redefinir senha de Bruno Souza' }));
      const dialog = await screen.findByRole('dialog');
      return { fetchFn, dialog };
    }

    it("refuses a weak password with 'Senha inválida' and the policy text", async () => {
      const { fetchFn, dialog } = await openReset();
      expect(dialog).toHaveTextContent(
        'Senha deve ter pelo menos 8 caracteres, incluindo letras, números e símbolos',
      );
      await userEvent.type(within(dialog).getByLabelText('Nova senha'), 'abcdefgh1');
      await userEvent.type(within(dialog).getByLabelText('Confirmar nova senha'), 'abcdefgh1');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Redefinir senha' }));
      const shown = await toast();
      expect(shown).toHaveTextContent('Senha inválida');
      expect(shown).toHaveTextContent(
        'Senha deve ter pelo menos 8 caracteres, incluindo letras, números e símbolos',
      );
      expect(fetchFn.calls.some((c) => c.url === '/api/admin/reset-password')).toBe(false);
    });

    it("refuses a different confirmation: 'As senhas não coincidem' and the toast", async () => {
      const { dialog } = await openReset();
      await userEvent.type(within(dialog).getByLabelText('Nova senha'), 'Nova#Senha1');
      await userEvent.type(within(dialog).getByLabelText('Confirmar nova senha'), 'Nova#Senha2');
      expect(dialog).toHaveTextContent('As senhas não coincidem');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Redefinir senha' }));
      const shown = await toast();
      expect(shown).toHaveTextContent('Senhas não coincidem');
      expect(shown).toHaveTextContent('A nova senha e a confirmação devem ser iguais');
    });

    it('sends {userId, newPassword, forcePasswordChange} and shows the success text', async () => {
      const { fetchFn, dialog } = await openReset({
        'POST /api/admin/reset-password': [200, { message: 'ok' }],
      });
      await userEvent.type(within(dialog).getByLabelText('Nova senha'), 'Nova#Senha1');
      await userEvent.type(within(dialog).getByLabelText('Confirmar nova senha'), 'Nova#Senha1');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Redefinir senha' }));
      const success =
        'Senha redefinida com sucesso! O usuário deve criar uma nova senha no próximo login.';
      expect(await within(dialog).findByText(success)).toBeInTheDocument();
      expect(await toast()).toHaveTextContent(success);
      const call = fetchFn.calls.find((c) => c.url === '/api/admin/reset-password');
      expect(call?.body).toMatchObject({
        userId: bruno.id,
        newPassword: 'Nova#Senha1',
        forcePasswordChange: true,
      });
    });

    it("shows 'Erro ao redefinir senha' with the server message on failure", async () => {
      const { dialog } = await openReset({
        'POST /api/admin/reset-password': [
          404,
          { statusCode: 404, code: 'NOT_FOUND', message: 'Usuário não encontrado.' },
        ],
      });
      await userEvent.type(within(dialog).getByLabelText('Nova senha'), 'Nova#Senha1');
      await userEvent.type(within(dialog).getByLabelText('Confirmar nova senha'), 'Nova#Senha1');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Redefinir senha' }));
      const shown = await toast();
      expect(shown).toHaveTextContent('Erro ao redefinir senha');
      expect(shown).toHaveTextContent('Usuário não encontrado.');
    });
  });

  it('full profile: the four tabs, the 5 most recent logins and every empty state', async () => {
    const logins = Array.from({ length: 7 }, (_, i) => ({
      id: `00000000-0000-4000-9000-00000000000${i}`,
      loginDate: `2026-11-${String(20 - i).padStart(2, '0')}T10:00:00.000Z`,
      ipAddress: `10.1.1.${i}`,
      userAgent: null,
      sessionDuration: 600,
    }));
    await renderUsers({
      [`GET /api/admin/user-profile/${carla.id}`]: [200, carla],
      [`GET /api/admin/login-history/${carla.id}`]: [200, logins],
      [`GET /api/admin/usage-metrics/${carla.id}`]: [200, []],
      [`GET /api/admin/premium-subscriptions/${carla.id}`]: [200, []],
      [`GET /api/admin/support-tickets/${carla.id}`]: [200, []],
    });
    await userEvent.click(
      screen.getByRole('button', { name: 'Ver perfil completo de Carla Dias' }),
    );
    const dialog = await screen.findByRole('dialog');
    const recent = await within(dialog).findByRole('list', { name: 'Logins recentes' });
    expect(within(recent).getAllByRole('listitem')).toHaveLength(5);
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Uso da Plataforma' }));
    expect(
      await within(dialog).findByText('Nenhuma métrica de uso encontrada'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Assinaturas Premium' }));
    expect(
      await within(dialog).findByText('Nenhuma assinatura premium encontrada'),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Tickets de Suporte' }));
    expect(
      await within(dialog).findByText('Nenhum ticket de suporte encontrado'),
    ).toBeInTheDocument();
  });

  it("full profile: a Premium payment in pt-BR money, 'R$ 29,90' (issue 25 item 6)", async () => {
    await renderUsers({
      [`GET /api/admin/user-profile/${carla.id}`]: [200, carla],
      [`GET /api/admin/login-history/${carla.id}`]: [200, []],
      [`GET /api/admin/usage-metrics/${carla.id}`]: [200, []],
      [`GET /api/admin/premium-subscriptions/${carla.id}`]: [
        200,
        [
          {
            subscriptionId: 'sub_123',
            subscriptionType: 'Premium',
            isActive: true,
            status: 'active',
            startDate: '2026-11-01T10:00:00.000Z',
            endDate: null,
            paymentAmount: '29.90',
            paymentCurrency: 'brl',
            paymentMethod: 'card',
          },
        ],
      ],
      [`GET /api/admin/support-tickets/${carla.id}`]: [200, []],
    });
    await userEvent.click(
      screen.getByRole('button', { name: 'Ver perfil completo de Carla Dias' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Assinaturas Premium' }));
    expect(await within(dialog).findByText('Premium · R$ 29,90')).toBeInTheDocument();
    expect(within(dialog).queryByText(/BRL/)).toBeNull();
  });

  it("full profile: 'Acessos da equipe' lists the audit trail about this user", async () => {
    const calls: RecordedCall[] = [];
    await renderUsers({
      [`GET /api/admin/user-profile/${carla.id}`]: [200, carla],
      [`GET /api/admin/login-history/${carla.id}`]: [200, []],
      'GET /api/admin/audit-log': (call: RecordedCall): [number, unknown] => {
        calls.push(call);
        return [
          200,
          {
            entries: [
              {
                id: '00000000-0000-4000-9000-0000000000a1',
                occurredAt: '2026-11-21T13:45:00.000Z',
                actorId: boss.id,
                actorEmail: 'chefe@example.com',
                action: 'users.search',
                targetType: 'user',
                targetId: carla.id,
                ipAddress: '203.0.113.7',
                service: 'auth',
                details: { page: 1, shown: 1, matches: 1 },
              },
            ],
            pagination: {
              totalCount: 1,
              currentPage: 1,
              totalPages: 1,
              hasPrev: false,
              hasNext: false,
            },
          },
        ];
      },
    });
    await userEvent.click(
      screen.getByRole('button', { name: 'Ver perfil completo de Carla Dias' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Acessos da equipe' }));
    const trail = await within(dialog).findByRole('table', { name: 'Acessos da equipe' });
    expect(
      within(trail).getByText('Viu o usuário numa busca de usuários (nome ou e-mail)'),
    ).toBeInTheDocument();
    expect(within(trail).getByText('chefe@example.com')).toBeInTheDocument();
    expect(within(trail).getByText('203.0.113.7')).toBeInTheDocument();
    const asked = new URL(calls[0]!.url, 'http://localhost').searchParams;
    expect(asked.get('targetId')).toBe(carla.id);
  });

  it("full profile: 'Uso da Plataforma' shows the storage used in MB (issue 17)", async () => {
    await renderUsers({
      [`GET /api/admin/user-profile/${carla.id}`]: [200, carla],
      [`GET /api/admin/login-history/${carla.id}`]: [200, []],
      [`GET /api/admin/usage-metrics/${carla.id}`]: [
        200,
        [
          {
            userId: carla.id,
            month: 11,
            year: 2026,
            loginCount: 3,
            transcriptionCount: 2,
            pdfGenerationCount: 1,
            aiRequestCount: 4,
            aiCostUSD: '0.0100',
            storageUsedMB: 3.006,
            storageUsedBytes: 3_006_048,
          },
        ],
      ],
    });
    await userEvent.click(
      screen.getByRole('button', { name: 'Ver perfil completo de Carla Dias' }),
    );
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Uso da Plataforma' }));
    const row = (await within(dialog).findByText('11/2026')).closest('tr') as HTMLElement;
    expect(within(row).getByText('3,006')).toBeInTheDocument();
  });

  it('full profile: the registry as documents print it, and the RQE', async () => {
    const withRqe = makeAdminUser({ fullName: 'Dora Lima', registryUf: 'RJ', rqe: '778' });
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        ...asAdmin,
        'GET /api/admin/users': usersServer([withRqe]),
        [`GET /api/admin/user-profile/${withRqe.id}`]: [200, withRqe],
        [`GET /api/admin/login-history/${withRqe.id}`]: [200, []],
      }),
    );
    renderAt(<UsersTab />);
    await userEvent.click(
      await screen.findByRole('button', { name: 'Ver perfil completo de Dora Lima' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('CRM/RJ 12345')).toBeInTheDocument();
    expect(within(dialog).getByText('778')).toBeInTheDocument();
  });

  it("full profile: 'Nenhum login registrado' when the user never logged in", async () => {
    await renderUsers({
      [`GET /api/admin/user-profile/${bruno.id}`]: [200, bruno],
      [`GET /api/admin/login-history/${bruno.id}`]: [200, []],
    });
    await userEvent.click(
      screen.getByRole('button', { name: 'Ver perfil completo de Bruno Souza' }),
    );
    expect(await screen.findByText('Nenhum login registrado')).toBeInTheDocument();
  });
});
