import type { FormatTextResponse, FormattedNote } from '@pv/contracts';
import { scaled } from '@pv/web-kit/testing';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { workspaceActions } from '../../state/workspace-slice';
import { anonymous, currentToast, renderWorkspace, signedIn, typeInEditor } from './test-helpers';
import { splitTranscript } from './use-format';

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const note = (name: string, text: string): FormattedNote => ({
  title: 'Consulta Médica',
  professional: 'consulta_medica',
  patientData: { name, age: '', gender: 'feminino' },
  chiefComplaint: 'dor',
  historyOfPresentIllness: '',
  physicalExam: '',
  diagnosticHypothesis: '',
  treatment: '',
  observations: '',
  sections: [],
  text,
});

const consultId = '22222222-2222-4222-8222-222222222222';
const formatted: FormatTextResponse = {
  consultId,
  engine: 'offline',
  model: 'offline-ptbr',
  formatted: note('Maria', 'QUEIXA PRINCIPAL\ndor de cabeça'),
  text: 'QUEIXA PRINCIPAL\ndor de cabeça',
};

const formatButton = () => screen.getByRole('button', { name: 'Format with AI' });

describe('formatting card', () => {
  it('lists every formatting specialty', async () => {
    renderWorkspace();
    await userEvent.click(screen.getByRole('combobox', { name: 'Profissional' }));
    expect(within(screen.getByRole('listbox')).getAllByRole('option')).toHaveLength(13);
  });

  it('keeps Format with AI disabled while the transcription is empty', async () => {
    const { container } = renderWorkspace();
    expect(formatButton()).toBeDisabled();
    typeInEditor(container, 'dor');
    await waitFor(() => expect(formatButton()).toBeEnabled(), { timeout: scaled(5_000) });
  });

  it('sends the options, shows the note and the engine, and archives it in the vault once', async () => {
    const { container, calls } = renderWorkspace({
      ...anonymous,
      'POST /api/format-text': [200, formatted],
      'POST /api/transcript-vault/consult': [
        201,
        { consult_id: consultId, message: 'ok', edit_secret: 'segredo-do-registro' },
      ],
    });
    typeInEditor(container, 'paciente com dor de cabeça');
    await waitFor(() => expect(formatButton()).toBeEnabled(), { timeout: scaled(5_000) });
    fireEvent.click(formatButton());
    expect(await screen.findByTestId('formatted-text')).toHaveTextContent('dor de cabeça');
    expect(screen.getByText('Formatado pelo formatador offline')).toBeInTheDocument();
    const request = calls.find((c) => c.url === '/api/format-text');
    expect(request?.body).toEqual({
      text: 'paciente com dor de cabeça',
      language: 'pt-BR',
      professional: 'consulta_medica',
      additionalContext: null,
      multiplePatients: false,
      useMedicalDictionary: false,
      useSuperAI: false,
      useAlternativeAI: false,
      customTemplateId: null,
      audioLengthSec: 0,
      transcription: { id: expect.stringMatching(/^[0-9a-f-]{36}$/), part: 1, parts: 1 },
      // One id per press, sent again unchanged only by the retry of an unreadable answer.
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    const transcriptionId = (request?.body as { transcription?: { id: string } } | undefined)
      ?.transcription?.id;
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/transcript-vault/consult')).toHaveLength(1),
    );
    expect(calls.find((c) => c.url === '/api/transcript-vault/consult')?.body).toMatchObject({
      consultId,
      transcriptionId,
      rawTranscript: 'paciente com dor de cabeça',
      formattedText: formatted.text,
      professional: 'consulta_medica',
    });
    // The creating call has no secret to send; it gets the record's (issue 24).
    expect(calls.find((c) => c.url === '/api/transcript-vault/consult')?.body).not.toHaveProperty(
      'editSecret',
    );
    fireEvent.click(formatButton());
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/format-text')).toHaveLength(2));
    await waitFor(() => expect(formatButton()).toBeEnabled(), { timeout: scaled(5_000) });
    expect(calls.filter((c) => c.url === '/api/transcript-vault/consult')).toHaveLength(1);
    // Formatted again: the same transcription (the vault updates its one record).
    expect(
      calls
        .filter((c) => c.url === '/api/format-text')
        .map((c) => (c.body as { transcription?: { id: string } } | undefined)?.transcription?.id),
    ).toEqual([transcriptionId, transcriptionId]);

    // The clinician's edit reaches the same record.
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    const editor = screen.getByRole('textbox', { name: /formatad/i });
    fireEvent.change(editor, { target: { value: 'QUEIXA PRINCIPAL\ndor de cabeça há 2 dias' } });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.url === '/api/transcript-vault/consult')).toHaveLength(2),
    );
    expect(calls.filter((c) => c.url === '/api/transcript-vault/consult')[1]?.body).toMatchObject({
      consultId,
      transcriptionId,
      formattedText: formatted.text,
      editedText: 'QUEIXA PRINCIPAL\ndor de cabeça há 2 dias',
      // The public archive only creates: the edit carries the secret the creation answered.
      editSecret: 'segredo-do-registro',
    });
  });

  it('streams the note as it is written (text/event-stream)', async () => {
    let push: (chunk: string) => void = () => {};
    let end: () => void = () => {};
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        const encoder = new TextEncoder();
        push = (chunk) => controller.enqueue(encoder.encode(chunk));
        end = () => controller.close();
      },
    });
    const { container } = renderWorkspace(anonymous, {
      'POST /api/format-text': () =>
        new Response(stream, { headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } }),
    });
    typeInEditor(container, 'dor');
    await waitFor(() => expect(formatButton()).toBeEnabled(), { timeout: scaled(5_000) });
    fireEvent.click(formatButton());
    act(() => push('event: delta\ndata: {"text":"QUEIXA PRIN"}\n\n'));
    expect(await screen.findByText('QUEIXA PRIN')).toBeInTheDocument();
    act(() => {
      push(`event: result\ndata: ${JSON.stringify(formatted)}\n\n`);
      end();
    });
    expect(await screen.findByTestId('formatted-text')).toHaveTextContent('dor de cabeça');
  });

  it('an answer cut before its result is retried once with the same request id, and the note arrives', async () => {
    let answers = 0;
    const sent: (string | undefined)[] = [];
    const { container } = renderWorkspace(anonymous, {
      'POST /api/format-text': (init) => {
        answers += 1;
        sent.push((JSON.parse(String(init?.body)) as { requestId?: string }).requestId);
        const events =
          answers === 1
            ? 'event: delta\ndata: {"text":"QUEIXA"}\n\n'
            : `event: result\ndata: ${JSON.stringify(formatted)}\n\n`;
        return new Response(events, {
          headers: { 'Content-Type': 'text/event-stream; charset=utf-8' },
        });
      },
    });
    typeInEditor(container, 'dor');
    await waitFor(() => expect(formatButton()).toBeEnabled(), { timeout: scaled(5_000) });
    fireEvent.click(formatButton());
    expect(
      await screen.findByTestId('formatted-text', {}, { timeout: scaled(5_000) }),
    ).toHaveTextContent('dor de cabeça');
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]).toBe(sent[0]);
  });

  it("reports failures as 'Erro ao formatar texto: ...' (e.g. the 429 limit)", async () => {
    const message =
      'Você atingiu o limite mensal de 30 formatações do plano gratuito. Assine o Premium para formatar sem limites.';
    const { container, store } = renderWorkspace({
      ...anonymous,
      'POST /api/format-text': [429, { statusCode: 429, code: 'LIMIT', message }],
    });
    typeInEditor(container, 'dor');
    await waitFor(() => expect(formatButton()).toBeEnabled(), { timeout: scaled(5_000) });
    fireEvent.click(formatButton());
    await waitFor(() =>
      expect(currentToast(store)).toMatchObject({
        title: 'Erro',
        description: `Erro ao formatar texto: ${message}`,
      }),
    );
    expect(formatButton()).toBeEnabled();
  });

  it('SUPER-IA and IA-ALTERNATIVA are for registered users and mutually exclusive', async () => {
    const anon = renderWorkspace(anonymous);
    await userEvent.click(screen.getByLabelText('SUPER-IA'));
    expect(currentToast(anon.store)?.description).toBe(
      'SUPER-IA está disponível apenas para usuários cadastrados. Crie uma conta ou entre para usar.',
    );
    expect(screen.getByLabelText('SUPER-IA')).not.toBeChecked();
    anon.unmount();

    renderWorkspace({ ...signedIn(), 'GET /api/user-templates': [200, []] });
    await screen.findByText('Nenhum template personalizado', { exact: false });
    await userEvent.click(screen.getByLabelText('SUPER-IA'));
    await userEvent.click(screen.getByLabelText('IA-ALTERNATIVA'));
    expect(screen.getByLabelText('IA-ALTERNATIVA')).toBeChecked();
    expect(screen.getByLabelText('SUPER-IA')).not.toBeChecked();
  });

  it("lists custom templates with 'Personalizado' and links to manage them", async () => {
    renderWorkspace({
      ...signedIn(),
      'GET /api/user-templates': [
        200,
        [
          {
            id: '33333333-3333-4333-8333-333333333333',
            name: 'Meu SOAP',
            content: 'x',
            createdAt: '',
            updatedAt: '',
          },
        ],
      ],
    });
    expect(await screen.findByRole('link', { name: 'Gerenciar templates' })).toHaveAttribute(
      'href',
      '/profile',
    );
    await userEvent.click(screen.getByRole('combobox', { name: 'Template' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'Template padrão da especialidade',
      'Meu SOAPPersonalizado',
    ]);
  });

  it("without custom templates shows 'Nenhum template personalizado' and 'Criar template'", async () => {
    renderWorkspace();
    expect(screen.getByText(/Nenhum template personalizado/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Criar template' })).toHaveAttribute(
      'href',
      '/profile',
    );
  });

  it('runs the diagnostic analysis for psiquiatria_personalizado only', async () => {
    const { container, store } = renderWorkspace({
      ...anonymous,
      'POST /api/diagnostic-analysis': [
        200,
        {
          analysis: 'F32.1 Episódio depressivo moderado',
          hypotheses: [],
          engine: 'offline',
          model: 'offline-ptbr',
        },
      ],
    });
    expect(screen.queryByRole('button', { name: 'Análise diagnóstica' })).toBeNull();
    act(() => {
      store.dispatch(workspaceActions.professionalChosen('psiquiatria_personalizado'));
    });
    typeInEditor(container, 'tristeza há meses');
    fireEvent.click(screen.getByRole('button', { name: 'Análise diagnóstica' }));
    expect(await screen.findByText('F32.1 Episódio depressivo moderado')).toBeInTheDocument();
  });

  it("reports a failed analysis as 'Erro na análise diagnóstica: ...'", async () => {
    const { store } = renderWorkspace({
      ...anonymous,
      'POST /api/diagnostic-analysis': [
        400,
        { statusCode: 400, code: 'X', message: 'A transcrição está vazia.' },
      ],
    });
    act(() => {
      store.dispatch(workspaceActions.professionalChosen('psiquiatria_personalizado'));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Análise diagnóstica' }));
    await waitFor(() =>
      expect(currentToast(store)?.description).toBe(
        'Erro na análise diagnóstica: A transcrição está vazia.',
      ),
    );
  });

  it('splits a transcript longer than one request at whitespace', () => {
    const parts = splitTranscript('aaaa bbbb cccc dddd', 10);
    expect(parts).toEqual(['aaaa bbbb', 'cccc dddd']);
  });
});

describe('formatted text card', () => {
  it('edits, cancels (restoring the original) and saves', async () => {
    const { store } = renderWorkspace();
    act(() => {
      store.dispatch(workspaceActions.formattingSucceeded(formatted));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    const editor = screen.getByRole('textbox', { name: 'Texto formatado' });
    fireEvent.change(editor, { target: { value: 'texto alterado' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(screen.getByTestId('formatted-text')).toHaveTextContent('dor de cabeça');
    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Texto formatado' }), {
      target: { value: 'texto revisado' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByTestId('formatted-text')).toHaveTextContent('texto revisado');
    expect(store.getState().workspace.formatting.savedText).toBe('texto revisado');
  });

  it('shows one block per patient plus the summary', () => {
    const { store } = renderWorkspace();
    act(() => {
      store.dispatch(
        workspaceActions.formattingSucceeded({
          consultId,
          engine: 'llm',
          model: 'gpt-x',
          patients: [note('Ana', 'nota da Ana'), note('', 'nota do segundo')],
          summary: 'Dois atendimentos.',
          text: 'tudo',
        }),
      );
    });
    const blocks = screen.getAllByTestId('patient-block');
    expect(blocks).toHaveLength(2);
    expect(blocks[0]).toHaveTextContent('Paciente 1nota da Ana');
    expect(blocks[1]).toHaveTextContent('Paciente 2nota do segundo');
    expect(screen.getByTestId('summary-block')).toHaveTextContent('Dois atendimentos.');
    expect(screen.getByText('Formatado por IA (gpt-x)')).toBeInTheDocument();
  });
});
