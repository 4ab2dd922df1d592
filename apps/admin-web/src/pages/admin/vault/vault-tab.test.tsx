import type { VaultRecord, VaultRecordsPage } from '@pv/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { vaultUnlocked } from '../../../state/vault-slice';
import { makeStore } from '../../../store';
import { asAdmin } from '../../../test/fixtures';
import { type CannedResponse, jsonResponses, renderAt } from '../../../test/render';
import VaultTab from './vault-tab';

const CONSULT_ID = 'abcdef12-3456-4789-8abc-def012345678';
const summary = {
  consult_id: CONSULT_ID,
  date_ym: '2026-11',
  geo_region: 'SP',
  transcript_teaser: 'Paciente [NOME] relata cefaleia...',
  timestamp_utc: '2026-11-20T10:00:00.000Z',
  audio_length_sec: 120,
  professional: 'medico_familia',
  patient_hash: 'p'.repeat(16),
  professional_hash: 'h'.repeat(16),
  ip_hash: 'i'.repeat(16),
};
const page = (records = [summary]): VaultRecordsPage => ({
  records,
  pagination: {
    totalCount: records.length,
    currentPage: 1,
    totalPages: records.length ? 1 : 0,
    hasPrev: false,
    hasNext: false,
  },
});
const fullRecord: VaultRecord = {
  ...summary,
  transcript: 'Nota formatada completa',
  raw_transcript: 'Ditado original',
  edited_transcript: null,
};
const unauthorized: [number, unknown] = [
  401,
  { statusCode: 401, code: 'VAULT_LOCKED', message: 'O Transcript Vault está bloqueado.' },
];

function setup(table: Record<string, CannedResponse>, unlocked = true) {
  const fetchFn = jsonResponses({ ...asAdmin, ...table });
  vi.stubGlobal('fetch', fetchFn);
  const store = makeStore();
  if (unlocked) store.dispatch(vaultUnlocked());
  renderAt(<VaultTab />, { store });
  return { fetchFn, store };
}

const toast = () => screen.findByTestId('toast');

describe('Transcript Vault', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('is locked until a non-blank admin key is accepted, then lists records', async () => {
    const { fetchFn } = setup(
      {
        'POST /api/admin/transcript-vault/login': [
          200,
          { message: 'ok', expiresAt: '2026-11-22T20:00:00.000Z', expiresInSeconds: 900 },
        ],
        'GET /api/admin/transcript-vault/records': [200, page()],
      },
      false,
    );
    const unlock = screen.getByRole('button', { name: 'Desbloquear' });
    // Pseudonymised, not anonymised, until the scrubber's recall meets its goal (issue 15).
    expect(screen.getByText(/registros\s+pseudonimizados/)).toBeInTheDocument();
    expect(screen.queryByText(/anonimizad/)).not.toBeInTheDocument();
    expect(unlock).toBeDisabled();
    await userEvent.type(screen.getByLabelText(/Chave de administrador/), '   ');
    expect(unlock).toBeDisabled();
    expect(fetchFn.calls.some((c) => c.url.includes('transcript-vault/records'))).toBe(false);
    await userEvent.type(screen.getByLabelText(/Chave de administrador/), 'segredo');
    await userEvent.click(unlock);
    expect(await screen.findByText('abcdef12')).toBeInTheDocument();
    expect(screen.queryByText(CONSULT_ID)).not.toBeInTheDocument();
    expect(fetchFn.calls.find((c) => c.method === 'POST')?.body).toEqual({
      adminKey: '   segredo',
    });
  });

  it("shows 'Erro no login' with the server message when the key is refused", async () => {
    setup(
      {
        'POST /api/admin/transcript-vault/login': [
          401,
          {
            statusCode: 401,
            code: 'X',
            message: 'Chave de administrador do Transcript Vault inválida.',
          },
        ],
      },
      false,
    );
    await userEvent.type(screen.getByLabelText(/Chave de administrador/), 'errada');
    await userEvent.click(screen.getByRole('button', { name: 'Desbloquear' }));
    const shown = await toast();
    expect(shown).toHaveTextContent('Erro no login');
    expect(shown).toHaveTextContent('Chave de administrador do Transcript Vault inválida.');
    expect(screen.getByRole('button', { name: 'Desbloquear' })).toBeInTheDocument();
  });

  it("shows 'Erro' / 'Falha na comunicação com o servidor' when the server is unreachable", async () => {
    const answers = jsonResponses({ ...asAdmin });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.includes('transcript-vault/login')) throw new TypeError('Failed to fetch');
      return answers(input, init);
    });
    renderAt(<VaultTab />);
    await userEvent.type(screen.getByLabelText(/Chave de administrador/), 'chave');
    await userEvent.click(screen.getByRole('button', { name: 'Desbloquear' }));
    const shown = await toast();
    expect(shown).toHaveTextContent('Erro');
    expect(shown).toHaveTextContent('Falha na comunicação com o servidor');
  });

  it('locks again on a 401 from the records', async () => {
    const { store } = setup({ 'GET /api/admin/transcript-vault/records': unauthorized });
    expect(await screen.findByRole('button', { name: 'Desbloquear' })).toBeInTheDocument();
    expect(store.getState().vault.unlocked).toBe(false);
  });

  it("shows 'Falha ao carregar registros' when the list fails otherwise", async () => {
    setup({ 'GET /api/admin/transcript-vault/records': [500, {}] });
    expect(await toast()).toHaveTextContent('Falha ao carregar registros');
  });

  it('filters by month (YYYY-MM) and UF among the spec options', async () => {
    const { fetchFn } = setup({ 'GET /api/admin/transcript-vault/records': [200, page()] });
    await screen.findByText('abcdef12');
    fireEvent.change(screen.getByLabelText('Mês (AAAA-MM)'), { target: { value: '2026-1' } });
    expect(screen.getByText('Use o formato AAAA-MM')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Mês (AAAA-MM)'), { target: { value: '2026-10' } });
    await userEvent.click(screen.getByRole('combobox', { name: 'UF' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Todas', 'SP', 'RJ', 'MG', 'RS', 'PR', 'SC', 'BA', 'GO', 'PE', 'CE']);
    await userEvent.click(screen.getByRole('option', { name: 'RJ' }));
    await waitFor(() =>
      expect(fetchFn.calls.map((c) => c.url)).toContain(
        '/api/admin/transcript-vault/records?ym=2026-10&uf=RJ&page=1',
      ),
    );
    expect(fetchFn.calls.some((c) => c.url.includes('ym=2026-1&'))).toBe(false);
  });

  it("'Ver' opens the full record; copying says 'Copiado!'", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    setup({
      'GET /api/admin/transcript-vault/records': [200, page()],
      [`GET /api/admin/transcript-vault/record/${CONSULT_ID}`]: [200, fullRecord],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Ver registro abcdef12' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Nota formatada completa')).toBeInTheDocument();
    expect(within(dialog).getByText('Ditado original')).toBeInTheDocument();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Copiar transcrição formatada' }),
    );
    expect(await toast()).toHaveTextContent('Copiado!');
    expect(writeText).toHaveBeenCalledWith('Nota formatada completa');
  });

  it("shows 'Falha ao carregar registro completo' when the record fails", async () => {
    setup({
      'GET /api/admin/transcript-vault/records': [200, page()],
      [`GET /api/admin/transcript-vault/record/${CONSULT_ID}`]: [500, {}],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Ver registro abcdef12' }));
    expect(await toast()).toHaveTextContent('Falha ao carregar registro completo');
  });

  it('deletes one record after a confirmation; failure says Erro ao excluir / Falha ao excluir registro', async () => {
    const { fetchFn } = setup({
      'GET /api/admin/transcript-vault/records': [200, page()],
      [`DELETE /api/admin/transcript-vault/record/${CONSULT_ID}`]: [500, {}],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir registro abcdef12' }));
    const confirm = await screen.findByRole('dialog');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Excluir' }));
    const shown = await toast();
    expect(shown).toHaveTextContent('Erro ao excluir');
    expect(shown).toHaveTextContent('Falha ao excluir registro');
    expect(fetchFn.calls.some((c) => c.method === 'DELETE' && c.url.endsWith(CONSULT_ID))).toBe(
      true,
    );
  });

  it("'Excluir Todos' needs two confirmations and sends confirm=true", async () => {
    const { fetchFn } = setup({
      'GET /api/admin/transcript-vault/records': [200, page()],
      'DELETE /api/admin/transcript-vault/records': [
        200,
        { message: 'Todos os registros do Transcript Vault foram excluídos.', deletedCount: 1 },
      ],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir Todos' }));
    const first = await screen.findByRole('dialog');
    await userEvent.click(within(first).getByRole('button', { name: 'Continuar' }));
    expect(fetchFn.calls.some((c) => c.method === 'DELETE')).toBe(false);
    const second = await screen.findByRole('dialog', { name: 'Confirmação final' });
    await userEvent.click(within(second).getByRole('button', { name: 'Excluir Todos' }));
    await waitFor(() =>
      expect(
        fetchFn.calls.some(
          (c) =>
            c.method === 'DELETE' && c.url === '/api/admin/transcript-vault/records?confirm=true',
        ),
      ).toBe(true),
    );
  });

  it("'Excluir Todos' failure says Erro ao excluir registros / Falha ao excluir todos os registros", async () => {
    setup({
      'GET /api/admin/transcript-vault/records': [200, page()],
      'DELETE /api/admin/transcript-vault/records': [500, {}],
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Excluir Todos' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continuar' }),
    );
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Confirmação final' })).getByRole('button', {
        name: 'Excluir Todos',
      }),
    );
    const shown = await toast();
    expect(shown).toHaveTextContent('Erro ao excluir registros');
    expect(shown).toHaveTextContent('Falha ao excluir todos os registros');
  });

  it('exports CSV (format=csv, limit=1000) as a download; failure says Erro no export / Falha no export', async () => {
    let fail = false;
    const { fetchFn } = setup({
      'GET /api/admin/transcript-vault/records': [200, page()],
      'GET /api/admin/transcript-vault/export': () =>
        fail ? [500, {}] : [200, 'consult_id,date_ym\r\nabc,2026-11\r\n'],
    });
    await screen.findByText('abcdef12');
    await userEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(fetchFn.calls.map((c) => c.url)).toContain(
      '/api/admin/transcript-vault/export?format=csv&limit=1000',
    );
    fail = true;
    await userEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    const shown = await toast();
    expect(shown).toHaveTextContent('Erro no export');
    expect(shown).toHaveTextContent('Falha no export');
  });
});
