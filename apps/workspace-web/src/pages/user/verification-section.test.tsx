import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInLayout, userFixture } from '../../layout/testing';
import { VerificationStrings } from '../../strings/verification';
import { jsonResponses } from '../../test/render';
import UserAreaPage from './user-area-page';

const pages = [{ path: '/user', element: <UserAreaPage initialTab="profile" /> }];
const pending = {
  state: 'pendente' as const,
  method: null,
  decidedAt: null,
  decidedBy: null,
  reason: null,
  evidenceSubmitted: false,
};

afterEach(() => vi.unstubAllGlobals());

const section = async () => within(await screen.findByTestId('professional-verification'));

describe("Minha Área: 'Verificação profissional' (issue 23)", () => {
  it('tells a pending professional what is blocked and sends the council card', async () => {
    const fetchFn = jsonResponses({
      '/auth/user': [200, userFixture({ professionalVerification: pending })],
      'POST /api/profile/verification/evidence': [202, { message: 'Documento recebido.' }],
    });
    vi.stubGlobal('fetch', fetchFn);
    renderInLayout('/user', pages);
    const s = await section();
    expect(s.getByText(VerificationStrings.pending)).toBeInTheDocument();
    const card = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'carteira.png', {
      type: 'image/png',
    });
    await userEvent.upload(s.getByLabelText(VerificationStrings.evidenceFile), card);
    await userEvent.click(s.getByRole('button', { name: VerificationStrings.sendEvidence }));
    await waitFor(() => {
      const call = fetchFn.calls.find((c) => c.url === '/api/profile/verification/evidence');
      expect(call?.body).toEqual({ contentType: 'image/png', dataBase64: 'iVBORw==' });
    });
  });

  it("shows the server's refusal of a certificate as it is", async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [200, userFixture({ professionalVerification: pending })],
        'POST /api/profile/verification/certificate': [
          422,
          {
            statusCode: 422,
            code: 'CERTIFICATE_CPF_MISMATCH',
            message: 'O CPF deste certificado não é o CPF do seu perfil.',
          },
        ],
      }),
    );
    renderInLayout('/user', pages);
    const s = await section();
    await userEvent.upload(
      s.getByLabelText(VerificationStrings.certificateFile),
      new File([new Uint8Array([0x30, 0x82])], 'certificado.pfx'),
    );
    await userEvent.type(s.getByLabelText(VerificationStrings.certificatePassword), 'senha');
    await userEvent.click(
      s.getByRole('button', { name: VerificationStrings.verifyWithCertificate }),
    );
    expect(
      await s.findByText('O CPF deste certificado não é o CPF do seu perfil.'),
    ).toBeInTheDocument();
  });

  it('a verified professional sees it, with no upload forms', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [
          200,
          userFixture({
            professionalVerification: {
              ...pending,
              state: 'verificado',
              method: 'revisao-equipe',
              decidedAt: '2026-11-28T12:00:00.000Z',
            },
          }),
        ],
      }),
    );
    renderInLayout('/user', pages);
    const s = await section();
    expect(s.getByText(VerificationStrings.verified('28/11/2026'))).toBeInTheDocument();
    expect(s.queryByLabelText(VerificationStrings.evidenceFile)).not.toBeInTheDocument();
  });
});
