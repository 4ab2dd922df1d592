import type { VerificationQueueEntry } from '@pv/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asAdmin, uuid } from '../../../test/fixtures';
import { jsonResponses, renderAt } from '../../../test/render';
import VerificationsTab from './verifications-tab';

const userId = uuid();
const ENTRY: VerificationQueueEntry = {
  userId,
  fullName: 'Dra. Clara Nunes',
  email: 'clara@clinica.test',
  professionalRegistry: 'CRM',
  registryUf: 'SC',
  registryNumber: '135790',
  cpf: '52998224725',
  state: 'pendente',
  evidenceContentType: 'image/png',
  requestedAt: '2026-11-28T12:00:00.000Z',
};

describe("'Verificações' tab (issue 23)", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the queue with registry, CPF and the evidence link; approves', async () => {
    const fetchFn = jsonResponses({
      ...asAdmin,
      'GET /api/admin/verifications': [200, [ENTRY]],
      [`POST /api/admin/verifications/${userId}/approve`]: [
        200,
        { message: 'Identificação profissional aprovada.' },
      ],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderAt(<VerificationsTab />);
    const table = await screen.findByRole('table', { name: 'Verificações pendentes' });
    expect(within(table).getByText('CRM/SC 135790')).toBeInTheDocument();
    expect(within(table).getByText('529.982.247-25')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Ver documento' })).toHaveAttribute(
      'href',
      expect.stringContaining(`/api/admin/verifications/${userId}/evidence`),
    );
    await userEvent.click(within(table).getByRole('button', { name: 'Aprovar Dra. Clara Nunes' }));
    await waitFor(() =>
      expect(fetchFn.calls.some((c) => c.method === 'POST' && c.url.endsWith('/approve'))).toBe(
        true,
      ),
    );
  });

  it('refuses only with a reason, which is sent', async () => {
    const fetchFn = jsonResponses({
      ...asAdmin,
      'GET /api/admin/verifications': [200, [ENTRY]],
      [`POST /api/admin/verifications/${userId}/refuse`]: [
        200,
        { message: 'Identificação profissional recusada.' },
      ],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderAt(<VerificationsTab />);
    await userEvent.click(await screen.findByRole('button', { name: 'Recusar Dra. Clara Nunes' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Recusar' });
    expect(confirm).toBeDisabled();
    await userEvent.type(
      within(dialog).getByLabelText('Motivo (o profissional vai lê-lo)'),
      'Número não consta no CRM-SC.',
    );
    await userEvent.click(confirm);
    await waitFor(() => {
      const call = fetchFn.calls.find((c) => c.url.endsWith('/refuse'));
      expect(call?.body).toEqual({ reason: 'Número não consta no CRM-SC.' });
    });
  });

  it('says when nobody waits', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({ ...asAdmin, 'GET /api/admin/verifications': [200, []] }),
    );
    renderAt(<VerificationsTab />);
    expect(await screen.findByText('Nenhuma verificação pendente.')).toBeInTheDocument();
  });
});
