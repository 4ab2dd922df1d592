import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInLayout, userFixture } from '../../layout/testing';
import { jsonResponses } from '../../test/render';
import SupportPage from './support-page';

const pages = [{ path: '/support', element: <SupportPage /> }];
const ticket = (body: Record<string, unknown>) => ({
  id: '00000000-0000-4000-8000-0000000000d1',
  priority: 'medium',
  status: 'open',
  userId: null,
  ipAddress: null,
  userAgent: null,
  assignedTo: null,
  resolution: null,
  resolutionNotes: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  resolvedAt: null,
  ...body,
});

afterEach(() => vi.unstubAllGlobals());

const change = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const destructiveToast = () => document.querySelector('[data-variant="destructive"]');

describe('/support', () => {
  it("refuses blank required fields with 'Campos obrigatórios' / 'Por favor, preencha todos os campos obrigatórios'", async () => {
    const fetchFn = jsonResponses({ '/auth/user': [401, {}] });
    vi.stubGlobal('fetch', fetchFn);
    renderInLayout('/support', pages);
    await screen.findByRole('heading', { name: 'Suporte' });
    change(/^Email de contato/, 'ana@clinica.test');
    change(/^Assunto/, '   ');
    change(/^Descrição/, 'O PDF não abre.');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar ticket' }));
    await waitFor(() => expect(destructiveToast()).toHaveTextContent('Campos obrigatórios'));
    expect(destructiveToast()).toHaveTextContent(
      'Por favor, preencha todos os campos obrigatórios',
    );
    expect(fetchFn.calls.some((c) => c.url === '/api/support/create-ticket')).toBe(false);
  });

  it('prefills the email of a signed-in user', async () => {
    vi.stubGlobal('fetch', jsonResponses({ '/auth/user': [200, userFixture()] }));
    renderInLayout('/support', pages);
    await waitFor(() =>
      expect(screen.getByLabelText(/^Email de contato/)).toHaveValue('ana@clinica.test'),
    );
  });

  it('creates the ticket, shows the success screen, and Criar Outro Ticket gives a blank form', async () => {
    const body = {
      contactEmail: 'ana@clinica.test',
      contactName: 'Ana',
      subject: 'PDF',
      description: 'O PDF não abre.',
      category: 'technical',
    };
    const fetchFn = jsonResponses({
      '/auth/user': [401, {}],
      'POST /api/support/create-ticket': [201, ticket(body)],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderInLayout('/support', pages);
    await screen.findByRole('heading', { name: 'Suporte' });
    change(/^Email de contato/, 'ana@clinica.test');
    change(/^Nome \(opcional\)/, 'Ana');
    change(/^Assunto/, 'PDF');
    change(/^Descrição/, 'O PDF não abre.');
    await userEvent.click(screen.getByRole('combobox', { name: 'Categoria' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Problema técnico' }));
    await userEvent.click(screen.getByRole('button', { name: 'Enviar ticket' }));
    expect(
      await screen.findByRole('heading', { name: 'Ticket criado com sucesso!' }),
    ).toBeInTheDocument();
    expect(fetchFn.calls.find((c) => c.url === '/api/support/create-ticket')?.body).toEqual(body);
    expect(screen.getByRole('link', { name: 'Voltar ao Início' })).toHaveAttribute('href', '/');
    await userEvent.click(screen.getByRole('button', { name: 'Criar Outro Ticket' }));
    expect(await screen.findByLabelText(/^Assunto/)).toHaveValue('');
    expect(screen.getByLabelText(/^Descrição/)).toHaveValue('');
  });

  it("shows 'Erro ao criar ticket' with the server's message, or 'Tente novamente mais tarde'", async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({ '/auth/user': [401, {}], 'POST /api/support/create-ticket': [500, {}] }),
    );
    renderInLayout('/support', pages);
    await screen.findByRole('heading', { name: 'Suporte' });
    change(/^Email de contato/, 'ana@clinica.test');
    change(/^Assunto/, 'PDF');
    change(/^Descrição/, 'O PDF não abre.');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar ticket' }));
    await waitFor(() => expect(destructiveToast()).toHaveTextContent('Erro ao criar ticket'));
    expect(destructiveToast()).toHaveTextContent('Tente novamente mais tarde');
  });
});
