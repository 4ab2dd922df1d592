import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInLayout, userFixture } from '../../layout/testing';
import { jsonResponses } from '../../test/render';
import UserAreaPage from './user-area-page';

const pages = [{ path: '/user', element: <UserAreaPage initialTab="profile" /> }];
const DAY = 86_400_000;
const certificate = (daysLeft: number) => ({
  subjectName: 'MEDICA DE TESTE:52998224725',
  cpf: '52998224725',
  issuerName: 'AC Intermediaria de Teste',
  notBefore: new Date(Date.now() - 30 * DAY).toISOString(),
  notAfter: new Date(Date.now() + daysLeft * DAY).toISOString(),
  icpBrasil: true,
});
const dateBr = (iso: string) =>
  new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });

afterEach(() => vi.unstubAllGlobals());

const section = async () => within(await screen.findByTestId('signing-certificate'));

/**
 * The fields of a multipart body: a text field's value, a file's name. Read by hand: undici's
 * Request.formData() fails on a body built from jsdom's FormData (Node 24), and a jsdom File's
 * name and bytes do not reach undici's body (a browser sends them): only the part is seen.
 */
async function multipartFields(request: Request): Promise<Map<string, string>> {
  const boundary = /boundary=(.+)$/.exec(request.headers.get('content-type') ?? '')?.[1] ?? '';
  const raw = Buffer.from(await request.arrayBuffer()).toString('latin1');
  const fields = new Map<string, string>();
  for (const part of raw.split(`--${boundary}`)) {
    const name = /name="([^"]+)"/.exec(part)?.[1];
    const start = part.indexOf('\r\n\r\n');
    const fileName = /filename="([^"]+)"/.exec(part)?.[1];
    if (name && start >= 0)
      fields.set(name, fileName ?? part.slice(start + 4, part.lastIndexOf('\r\n')));
  }
  return fields;
}

describe("Minha Área: 'Certificado digital' (issue 14)", () => {
  it('offers Free users the upgrade instead of the upload', async () => {
    vi.stubGlobal('fetch', jsonResponses({ '/auth/user': [200, userFixture()] }));
    renderInLayout('/user', pages);
    const s = await section();
    expect(
      s.getByText(
        'A assinatura digital com certificado ICP-Brasil é exclusiva do plano Premium. Faça o upgrade para assinar seus documentos.',
      ),
    ).toBeInTheDocument();
    expect(s.getByRole('link', { name: 'Fazer upgrade para Premium' })).toHaveAttribute(
      'href',
      '/subscribe',
    );
    expect(s.queryByLabelText('Senha do certificado')).not.toBeInTheDocument();
  });

  it('shows the details and warns 30 days ahead of expiry; removes it', async () => {
    const stored = certificate(12);
    let present = true;
    const fetchFn = jsonResponses({
      '/auth/user': [200, userFixture({ isPremium: true })],
      'GET /api/signing-certificate': () =>
        present
          ? [200, stored]
          : [404, { code: 'NO_CERTIFICATE', message: 'Nenhum certificado digital cadastrado.' }],
      'DELETE /api/signing-certificate': () => {
        present = false;
        return [200, { message: 'Certificado digital removido.' }];
      },
    });
    vi.stubGlobal('fetch', fetchFn);
    vi.stubGlobal('confirm', () => true);
    renderInLayout('/user', pages);
    const s = await section();
    expect(await s.findByText('MEDICA DE TESTE:52998224725')).toBeInTheDocument();
    expect(s.getByText('AC Intermediaria de Teste')).toBeInTheDocument();
    expect(
      s.getByText(
        `Seu certificado digital vence em ${dateBr(stored.notAfter)}. Renove o certificado e envie o novo arquivo.`,
      ),
    ).toBeInTheDocument();
    await userEvent.click(s.getByRole('button', { name: 'Remover certificado' }));
    expect(await s.findByLabelText('Senha do certificado')).toBeInTheDocument();
    expect(fetchFn.calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('no warning when more than 30 days are left', async () => {
    vi.stubGlobal(
      'fetch',
      jsonResponses({
        '/auth/user': [200, userFixture({ isPremium: true })],
        'GET /api/signing-certificate': [200, certificate(200)],
      }),
    );
    renderInLayout('/user', pages);
    const s = await section();
    await s.findByText('MEDICA DE TESTE:52998224725');
    expect(s.queryByText(/Seu certificado digital vence em/)).not.toBeInTheDocument();
  });

  it("uploads the file with its password and shows the server's refusal", async () => {
    let attempts = 0;
    const uploads: Map<string, string>[] = [];
    const json = jsonResponses({
      '/auth/user': [200, userFixture({ isPremium: true })],
      'GET /api/signing-certificate': () =>
        attempts >= 2 ? [200, certificate(200)] : [404, { message: 'x' }],
    });
    // The upload is multipart, which the JSON table cannot read: answered here.
    const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (request.method !== 'PUT') return json(input, init);
      uploads.push(await multipartFields(request));
      attempts += 1;
      const [status, body] =
        attempts === 1
          ? [422, { code: 'WRONG_PASSWORD', message: 'Senha do certificado incorreta.' }]
          : [200, certificate(200)];
      return new Response(JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    };
    vi.stubGlobal('fetch', fetchFn);
    renderInLayout('/user', pages);
    const s = await section();
    const file = new File([new Uint8Array([0x30, 0x82, 0x01])], 'a1.pfx');
    await userEvent.upload(await s.findByLabelText('Arquivo do certificado (.pfx ou .p12)'), file);
    expect(s.getByText('a1.pfx')).toBeInTheDocument();
    await userEvent.type(s.getByLabelText('Senha do certificado'), 'errada');
    await userEvent.click(s.getByRole('button', { name: 'Enviar certificado' }));
    expect(await s.findByText('Senha do certificado incorreta.')).toBeInTheDocument();
    // The password field is emptied after each answer.
    expect(s.getByLabelText('Senha do certificado')).toHaveValue('');
    await userEvent.type(s.getByLabelText('Senha do certificado'), 'certa');
    await userEvent.click(s.getByRole('button', { name: 'Enviar certificado' }));
    await waitFor(() => expect(s.getByText('MEDICA DE TESTE:52998224725')).toBeInTheDocument());
    expect(uploads.map((form) => form.get('password'))).toEqual(['errada', 'certa']);
    // The file part is there (its name and bytes are lost between jsdom and undici; see above).
    expect(uploads.map((form) => form.has('certificate'))).toEqual([true, true]);
  });
});
