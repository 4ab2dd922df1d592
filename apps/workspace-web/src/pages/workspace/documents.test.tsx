import type {
  AmbulatoryPrescription,
  FormatTextResponse,
  HospitalPrescription,
} from '@pv/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { workspaceActions } from '../../state/workspace-slice';
import type { AppStore } from '../../store';
import {
  anonymous,
  blobText,
  captureDownloads,
  currentToast,
  jsonAnswer,
  renderWorkspace,
  signedIn,
} from './test-helpers';

// The result view is a lazy chunk (issue 25): load its module once, so each test waits only for
// React to render it, not for the transform of the module graph behind it.
beforeAll(() => import('./cards/document/document-result'));
beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const formatted: FormatTextResponse = {
  consultId: '22222222-2222-4222-8222-222222222222',
  engine: 'offline',
  model: 'offline-ptbr',
  text: 'QUEIXA PRINCIPAL\ndor de garganta\nCONDUTA\namoxicilina 500 mg',
};

function withNote(
  store: AppStore,
  type: Parameters<typeof workspaceActions.documentTypeChosen>[0],
) {
  act(() => {
    store.dispatch(workspaceActions.formattingSucceeded(formatted));
    store.dispatch(workspaceActions.documentTypeChosen(type));
  });
}

const generate = () => fireEvent.click(screen.getByRole('button', { name: 'Gerar documento' }));

const hospital: HospitalPrescription = {
  patientData: { name: 'João', age: '70', gender: 'masculino', medicalRecord: '123' },
  medications: [
    {
      medication: 'Dipirona 1 g',
      route: 'EV',
      dilution: 'SF 0,9% 100 mL',
      schedule: '6/6h',
      observations: '',
    },
  ],
  generalObservations: 'Dieta livre',
  prescribingPhysician: 'Dra. Ana',
};

const ambulatory: AmbulatoryPrescription = {
  patientData: { name: 'Maria', birthDate: '', cpf: '', rg: '', address: '', phone: '' },
  prescriptionDate: '22/11/2026',
  medications: [
    {
      medication: 'Amoxicilina 500 mg',
      dosage: '1 cp',
      instructions: '8/8h por 7 dias',
      isControlled: false,
    },
    { medication: 'Clonazepam 2 mg', dosage: '1 cp', instructions: 'à noite', isControlled: true },
  ],
  generalInstructions: '',
  returnDate: '',
  prescribingPhysician: { name: 'Dra. Ana', crm: 'CRM/SP 1', date: '22/11/2026' },
  hasControlledMedications: true,
};

describe('document generation card', () => {
  it("requires the formatted text: 'Texto formatado não disponível'", () => {
    const { store } = renderWorkspace();
    generate();
    expect(currentToast(store)?.description).toBe('Texto formatado não disponível');
  });

  it('offers the 10 document types', () => {
    renderWorkspace();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tipo de documento' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(10);
  });

  it('generates a document and downloads its PDF under the name the server gives', async () => {
    const downloads = captureDownloads();
    const { store, calls, rawCalls } = renderWorkspace(
      {
        ...anonymous,
        'POST /api/generate-document': [
          200,
          {
            document: 'Atesto para os devidos fins...',
            title: 'Atestado Médico',
            documentType: 'atestado_medico',
            engine: 'offline',
            model: 'offline-ptbr',
          },
        ],
      },
      {
        'POST /api/generate-pdf': () =>
          new Response('%PDF-1.7 fake', {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="atestado-medico-2026-11-22.pdf"',
            },
          }),
      },
    );
    withNote(store, 'atestado_medico');
    generate();
    expect(await screen.findByDisplayValue('Atesto para os devidos fins...')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/generate-document')?.body).toEqual({
      consultationText: formatted.text,
      additionalContext: null,
      documentType: 'atestado_medico',
      professional: 'consulta_medica',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar PDF' }));
    await waitFor(() => expect(downloads.files).toHaveLength(1));
    expect(downloads.files[0]?.name).toBe('atestado-medico-2026-11-22.pdf');
    expect(await blobText(downloads.files[0]?.blob as Blob)).toBe('%PDF-1.7 fake');
    expect(rawCalls).toEqual(['POST /api/generate-pdf']);
    downloads.restore();
  });

  it("reports PDF failures as 'Erro ao gerar PDF: ...' and, on mobile, suggests the desktop", async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) Mobile');
    const { store } = renderWorkspace(anonymous, {
      'POST /api/generate-pdf': jsonAnswer(504, {
        statusCode: 504,
        code: 'PDF_TIMEOUT',
        message: 'A geração do PDF demorou demais. Tente novamente em instantes.',
      }),
    });
    act(() => {
      store.dispatch(
        workspaceActions.documentReceived({
          kind: 'document',
          response: {
            document: 'x',
            title: 'Receituário',
            documentType: 'receituario',
            engine: 'offline',
            model: 'm',
          },
        }),
      );
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar PDF' }));
    await waitFor(() =>
      expect(currentToast(store)?.description).toBe(
        'Erro ao gerar PDF: A geração do PDF demorou demais. Tente novamente em instantes. Tente usar a versão desktop.',
      ),
    );
  });

  it('on Android falls back to the text document', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 14) Mobile',
    );
    const downloads = captureDownloads();
    const { store } = renderWorkspace(anonymous, {
      // A clear failure (a 503 would be retried first, api/retries.ts).
      'POST /api/generate-pdf': jsonAnswer(504, {
        statusCode: 504,
        code: 'PDF_TIMEOUT',
        message: 'indisponível',
      }),
      'POST /api/generate-text-document': () =>
        new Response('RECEITUÁRIO', {
          headers: { 'Content-Disposition': 'attachment; filename="receituario.txt"' },
        }),
    });
    act(() => {
      store.dispatch(
        workspaceActions.documentReceived({
          kind: 'document',
          response: {
            document: 'x',
            title: 'Receituário',
            documentType: 'receituario',
            engine: 'offline',
            model: 'm',
          },
        }),
      );
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar PDF' }));
    await waitFor(() => expect(downloads.files[0]?.name).toBe('receituario.txt'));
    expect(currentToast(store)?.description).toMatch(/^PDF não disponível no Android/);
    downloads.restore();
  });

  it('shows the hospital prescription in view mode, edits it and cancels', async () => {
    const { store } = renderWorkspace({
      ...anonymous,
      'POST /api/prescriptions/hospital': [
        200,
        { prescription: hospital, engine: 'offline', model: 'm' },
      ],
    });
    withNote(store, 'hospitalar');
    generate();
    const editor = await screen.findByTestId('hospital-editor');
    expect(editor).toHaveTextContent('Dipirona 1 g');
    fireEvent.click(within(editor).getByRole('button', { name: 'Editar' }));
    fireEvent.change(within(editor).getByDisplayValue('Dipirona 1 g'), {
      target: { value: 'Dipirona 500 mg' },
    });
    fireEvent.click(within(editor).getByRole('button', { name: 'Cancelar' }));
    expect(editor).toHaveTextContent('Dipirona 1 g');
    fireEvent.click(within(editor).getByRole('button', { name: 'Editar' }));
    fireEvent.change(within(editor).getByDisplayValue('Dipirona 1 g'), {
      target: { value: 'Dipirona 500 mg' },
    });
    fireEvent.click(within(editor).getByRole('button', { name: 'Salvar' }));
    expect(editor).toHaveTextContent('Dipirona 500 mg');
  });

  it('edits the controlled flag of each ambulatory medication', async () => {
    const { store } = renderWorkspace({
      ...anonymous,
      'POST /api/prescriptions/ambulatory': [
        200,
        { prescription: ambulatory, engine: 'offline', model: 'm' },
      ],
    });
    withNote(store, 'ambulatorial');
    generate();
    const editor = await screen.findByTestId('ambulatory-editor');
    expect(within(editor).getAllByText('Controlado')).toHaveLength(1);
    fireEvent.click(within(editor).getByRole('button', { name: 'Editar' }));
    const flags = within(editor).getAllByRole('checkbox', { name: 'Controlado' });
    expect(flags.map((f) => (f as HTMLInputElement).checked)).toEqual([false, true]);
    fireEvent.click(flags[1] as HTMLElement);
    fireEvent.click(within(editor).getByRole('button', { name: 'Salvar' }));
    const saved = store.getState().workspace.document;
    expect(saved?.kind === 'ambulatory' && saved.prescription.hasControlledMedications).toBe(false);
  });

  it('edits the controlled prescription as free text, with one blank row for an empty list', async () => {
    const { store } = renderWorkspace({
      ...anonymous,
      'POST /api/prescriptions/controlled': [
        200,
        {
          prescription: {
            patientData: { name: 'Maria', address: '' },
            medications: [],
            text: 'Uso oral',
            date: '22/11/2026',
          },
          requiredNotifications: [],
          engine: 'offline',
          model: 'm',
        },
      ],
    });
    withNote(store, 'controlada');
    generate();
    const editor = await screen.findByTestId('controlled-editor');
    expect(
      within(editor).getByRole('textbox', { name: 'Receituário controlado (texto livre)' }),
    ).toHaveValue('Uso oral');
    expect(within(editor).getAllByRole('textbox', { name: 'Medicamento' })).toHaveLength(1);
  });

  it('prefixes each kind of failure with its own message', async () => {
    const failure = [
      502,
      { statusCode: 502, code: 'LLM', message: 'O provedor de IA falhou.' },
    ] as [number, unknown];
    const { store } = renderWorkspace({
      ...anonymous,
      'POST /api/prescriptions/hospital': failure,
      'POST /api/prescriptions/ambulatory': failure,
      'POST /api/prescriptions/controlled': failure,
      'POST /api/generate-document': failure,
    });
    const seen: string[] = [];
    for (const type of ['hospitalar', 'ambulatorial', 'controlada', 'pedido_exames'] as const) {
      withNote(store, type);
      generate();
      await waitFor(() =>
        expect(currentToast(store)?.description).toMatch(/O provedor de IA falhou\.$/),
      );
      seen.push(currentToast(store)?.description ?? '');
      act(() => {
        store.dispatch({ type: 'toast/dismissed' });
      });
    }
    expect(seen).toEqual([
      'Erro ao gerar prescrição: O provedor de IA falhou.',
      'Erro ao gerar prescrição ambulatorial: O provedor de IA falhou.',
      'Erro ao gerar receituário controlado: O provedor de IA falhou.',
      'Erro ao gerar documento: O provedor de IA falhou.',
    ]);
  });

  it('reprocesses a prescription with corrections, and reports a failure', async () => {
    const corrected = { ...hospital, generalObservations: 'Dieta zero' };
    const { store, calls } = renderWorkspace({
      ...anonymous,
      'POST /api/prescriptions/reprocess': [
        200,
        { kind: 'hospital', prescription: corrected, engine: 'offline', model: 'm' },
      ],
    });
    act(() => {
      store.dispatch(
        workspaceActions.documentReceived({ kind: 'hospital', prescription: hospital }),
      );
    });
    fireEvent.change(
      await screen.findByRole('textbox', { name: 'Correções para o reprocessamento' }),
      { target: { value: 'jejum' } },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reprocessar com correções' }));
    expect(await screen.findByText('Dieta zero')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/prescriptions/reprocess')?.body).toEqual({
      kind: 'hospital',
      prescription: hospital,
      corrections: 'jejum',
    });
  });

  it("reports a failed reprocessing as 'Erro ao reprocessar prescrição: ...'", async () => {
    const { store } = renderWorkspace({
      ...anonymous,
      'POST /api/prescriptions/reprocess': [
        502,
        { statusCode: 502, code: 'LLM', message: 'Falhou.' },
      ],
    });
    act(() => {
      store.dispatch(
        workspaceActions.documentReceived({ kind: 'hospital', prescription: hospital }),
      );
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reprocessar com correções' }));
    await waitFor(() =>
      expect(currentToast(store)?.description).toBe('Erro ao reprocessar prescrição: Falhou.'),
    );
  });

  it('on Android a prescription whose PDF fails falls back to its text document', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (Linux; Android 14) Mobile',
    );
    const downloads = captureDownloads();
    const sent: { content?: string }[] = [];
    const { store } = renderWorkspace(anonymous, {
      'POST /api/generate-hospital-prescription-pdf': jsonAnswer(504, {
        statusCode: 504,
        code: 'PDF_TIMEOUT',
        message: 'indisponível',
      }),
      'POST /api/generate-text-document': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return new Response('PRESCRIÇÃO', {
          headers: { 'Content-Disposition': 'attachment; filename="prescricao.txt"' },
        });
      },
    });
    act(() => {
      store.dispatch(
        workspaceActions.documentReceived({
          kind: 'hospital',
          prescription: hospital,
          institutionName: 'Hospital São Lucas',
        }),
      );
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar PDF' }));
    await waitFor(() => expect(downloads.files[0]?.name).toBe('prescricao.txt'));
    expect(currentToast(store)?.description).toBe(
      'PDF não disponível no Android. O documento foi baixado em formato de texto.',
    );
    expect(sent[0]).toMatchObject({
      title: 'Prescrição hospitalar',
      documentType: 'hospitalar',
      patientName: 'João',
    });
    expect(sent[0]?.content).toBe(
      [
        'Nome da instituição: Hospital São Lucas',
        'Idade: 70',
        'Sexo: masculino',
        'Prontuário: 123',
        '',
        '1. Dipirona 1 g',
        '   Via: EV',
        '   Diluição: SF 0,9% 100 mL',
        '   Horário: 6/6h',
        '',
        'Observações gerais: Dieta livre',
        'Médico prescritor: Dra. Ana',
      ].join('\n'),
    );
    downloads.restore();
  });

  it("'Nome da instituição' of the hospital prescription goes into its PDF request", async () => {
    const downloads = captureDownloads();
    const sent: unknown[] = [];
    const { store } = renderWorkspace(anonymous, {
      'POST /api/generate-hospital-prescription-pdf': (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return new Response('%PDF-1.7', {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="prescricao-hospitalar.pdf"',
          },
        });
      },
    });
    act(() => {
      store.dispatch(
        workspaceActions.documentReceived({ kind: 'hospital', prescription: hospital }),
      );
    });
    fireEvent.change(await screen.findByLabelText('Nome da instituição'), {
      target: { value: '  Hospital São Lucas ' },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Baixar PDF' }));
    await waitFor(() => expect(downloads.files[0]?.name).toBe('prescricao-hospitalar.pdf'));
    expect(sent[0]).toMatchObject({
      prescription: hospital,
      institutionName: 'Hospital São Lucas',
    });
    downloads.restore();
  });

  it("Premium: 'Assinar digitalmente' asks the certificate password and downloads the signed PDF", async () => {
    const downloads = captureDownloads();
    const { store } = renderWorkspace(
      {
        ...signedIn({ isPremium: true }),
        'POST /api/prescriptions/ambulatory': [
          200,
          { prescription: ambulatory, engine: 'offline', model: 'm' },
        ],
      },
      {
        'POST /api/prescriptions/ambulatory/pdf': () =>
          new Response('%PDF-1.7 assinado', {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'attachment; filename="receituario.pdf"',
              'X-Document-Id': '7d1f0c2e-0000-4000-8000-000000000001',
              'X-Verification-Code': 'ABCDEFGHJKLMNPQR',
            },
          }),
      },
    );
    const served = globalThis.fetch;
    const bodies: unknown[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/api/prescriptions/ambulatory/pdf'))
        bodies.push(JSON.parse(String(init?.body)));
      return served(input, init);
    });
    withNote(store, 'ambulatorial');
    generate();
    const editor = await screen.findByTestId('ambulatory-editor');
    fireEvent.click(await within(editor).findByRole('button', { name: 'Assinar digitalmente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assinar digitalmente' });
    fireEvent.change(within(dialog).getByLabelText('Senha do certificado'), {
      target: { value: 'minha-senha' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Assinar e baixar PDF' }));
    await waitFor(() => expect(downloads.files).toHaveLength(1));
    expect(await blobText(downloads.files[0]?.blob as Blob)).toBe('%PDF-1.7 assinado');
    expect(bodies).toEqual([{ prescription: ambulatory, signature: { password: 'minha-senha' } }]);
    await waitFor(() =>
      expect(currentToast(store)?.description).toBe('Código de verificação: ABCDEFGHJKLMNPQR'),
    );
    // The password stays for the page's life: the next prompt is filled in.
    fireEvent.click(
      await within(await screen.findByTestId('ambulatory-editor')).findByRole('button', {
        name: 'Assinar digitalmente',
      }),
    );
    const again = await screen.findByRole('dialog', { name: 'Assinar digitalmente' });
    expect(within(again).getByLabelText('Senha do certificado')).toHaveValue('minha-senha');
    downloads.restore();
  });

  it('is not offered to Free users', async () => {
    const { store } = renderWorkspace({
      ...signedIn({ isPremium: false }),
      'POST /api/prescriptions/ambulatory': [
        200,
        { prescription: ambulatory, engine: 'offline', model: 'm' },
      ],
    });
    withNote(store, 'ambulatorial');
    generate();
    const editor = await screen.findByTestId('ambulatory-editor');
    await within(editor).findByRole('button', { name: 'Baixar PDF' });
    expect(within(editor).queryByRole('button', { name: 'Assinar digitalmente' })).toBeNull();
  });

  it('a new formatting run clears the prescription results', async () => {
    const { store } = renderWorkspace();
    act(() => {
      store.dispatch(
        workspaceActions.documentReceived({ kind: 'hospital', prescription: hospital }),
      );
    });
    expect(await screen.findByTestId('hospital-editor')).toBeInTheDocument();
    act(() => {
      store.dispatch(workspaceActions.formattingSucceeded(formatted));
    });
    expect(screen.queryByTestId('hospital-editor')).toBeNull();
  });

  it('a multi-patient note asks which patient, and each call carries patientIndex (issue 12)', async () => {
    const twoPatients: FormatTextResponse = {
      ...formatted,
      text: 'PACIENTE 1\nPaciente: Ana Lima | Idade: 30 anos\n\nPACIENTE 2\nPaciente: Bruno Castro | Idade: 52 anos\n\nRESUMO DO ATENDIMENTO\n2 pacientes atendidos.',
    };
    const { store, calls } = renderWorkspace({
      ...anonymous,
      'POST /api/prescriptions/ambulatory': [
        200,
        {
          prescription: {
            ...ambulatory,
            patientData: { ...ambulatory.patientData, name: 'Bruno Castro' },
          },
          controlled: [],
          engine: 'offline',
          model: 'offline-ptbr',
        },
      ],
    });
    act(() => {
      store.dispatch(workspaceActions.formattingSucceeded(twoPatients));
      store.dispatch(workspaceActions.documentTypeChosen('ambulatorial'));
    });
    generate();
    expect(currentToast(store)?.description).toBe('Escolha o paciente para este documento.');
    expect(calls.find((c) => c.url === '/api/prescriptions/ambulatory')).toBeUndefined();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Paciente do documento/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Paciente 1: Ana Lima',
      'Paciente 2: Bruno Castro',
    ]);
    fireEvent.click(options[1] as HTMLElement);
    generate();
    expect(await screen.findByText('Documento do paciente 2: Bruno Castro')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/api/prescriptions/ambulatory')?.body).toEqual({
      consultationText: twoPatients.text,
      additionalContext: null,
      patientIndex: 2,
    });
  });
});
