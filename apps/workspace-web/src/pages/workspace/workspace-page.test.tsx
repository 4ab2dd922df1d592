import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/base';
import { MAX_CAPTURE_RESTARTS } from '../../speech/browser-engine';
import { FakeRecognition } from '../../speech/testing/fake-recognition';
import { TranscriptStore } from '../../speech/transcript-store';
import { workspaceActions } from '../../state/workspace-slice';
import { makeStore } from '../../store';
import { CARD_ORDER_STORAGE_KEY, moveCard } from './card-order';
import { RecordingController } from './recording-controller';
import {
  anonymous,
  blobText,
  captureDownloads,
  currentToast,
  editorText,
  jsonAnswer,
  renderWorkspace,
  signedIn,
  typeInEditor,
} from './test-helpers';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const cardOrder = () =>
  screen.getAllByTestId(/^card-/).map((el) => el.getAttribute('data-testid')?.slice(5));

describe('workspace layout', () => {
  it('shows the six cards in the default order with drag handles', async () => {
    renderWorkspace();
    expect(cardOrder()).toEqual([
      'recording',
      'formatting',
      'additional-info',
      'transcription',
      'formatted-text',
      'document-generation',
    ]);
    expect(screen.getByText('Pressione e inicie a transcrição')).toBeInTheDocument();
    expect(screen.getByLabelText('Arrastar para reordenar o cartão Transcrição')).toHaveAttribute(
      'tabindex',
      '0',
    );
  });

  it('restores the order saved in localStorage', () => {
    localStorage.setItem(
      CARD_ORDER_STORAGE_KEY,
      JSON.stringify([
        'transcription',
        'recording',
        'formatting',
        'additional-info',
        'formatted-text',
        'document-generation',
      ]),
    );
    renderWorkspace();
    expect(cardOrder().slice(0, 2)).toEqual(['transcription', 'recording']);
  });

  it('moves a card within its column and keeps the others in place', () => {
    const order = [
      'recording',
      'formatting',
      'additional-info',
      'transcription',
      'formatted-text',
      'document-generation',
    ] as const;
    expect(
      moveCard({ order: [...order], visible: ['recording', 'transcription'], from: 0, to: 1 }),
    ).toEqual([
      'transcription',
      'formatting',
      'additional-info',
      'recording',
      'formatted-text',
      'document-generation',
    ]);
  });
});

describe('recording card with the browser engine', () => {
  it('dictates: title, red stop button, engine badge, words, speaking now and the timer', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { container } = renderWorkspace();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar transcrição' }));
    expect(await screen.findByText('TRANSCREVENDO...')).toBeInTheDocument();
    expect(screen.getAllByTestId('engine-badge')[0]).toHaveTextContent('Navegador');
    const recognition = FakeRecognition.latest;
    act(() => recognition.speak('paciente com', false));
    expect(screen.getByText('Falando agora...')).toBeInTheDocument();
    expect(screen.getByTestId('interim')).toHaveTextContent('paciente com');
    act(() => recognition.speak('paciente com febre', true));
    expect(editorText(container)).toBe('paciente com febre');
    await screen.findByText('3 palavras identificadas');
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.getByTestId('timer')).toHaveTextContent('00:02');
    fireEvent.click(screen.getByRole('button', { name: 'Parar transcrição' }));
    expect(await screen.findByText('Pressione e inicie a transcrição')).toBeInTheDocument();
  });

  it('resuming keeps the existing text', async () => {
    const { container } = renderWorkspace();
    typeInEditor(container, 'texto digitado');
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar transcrição' }));
    act(() => FakeRecognition.latest.speak('e ditado', true));
    expect(editorText(container)).toBe('texto digitado e ditado');
  });

  it('appends unexpected recognition errors as a line', async () => {
    const { container } = renderWorkspace();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar transcrição' }));
    act(() => FakeRecognition.latest.fail('bad-grammar'));
    expect(editorText(container)).toBe('[Erro no reconhecimento de voz: bad-grammar]\n');
  });

  it('says so when the browser has no speech recognition', async () => {
    const { store } = renderWorkspace();
    vi.stubGlobal('SpeechRecognition', undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar transcrição' }));
    await waitFor(() =>
      expect(currentToast(store)?.description).toBe(
        'Reconhecimento de voz não é suportado neste navegador. Use Chrome ou Edge.',
      ),
    );
    expect(screen.getByText('Pressione e inicie a transcrição')).toBeInTheDocument();
  });

  it('asks for microphone permission when it is denied', async () => {
    const { store } = renderWorkspace();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar transcrição' }));
    act(() => FakeRecognition.latest.fail('not-allowed'));
    await waitFor(() =>
      expect(currentToast(store)).toMatchObject({
        title: 'Permissão Negada',
        description: 'Permita o acesso ao microfone para usar a transcrição',
      }),
    );
  });

  it("stops with 'Erro de Microfone' when the microphone keeps failing", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { store } = renderWorkspace();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar transcrição' }));
    expect(await screen.findByText('TRANSCREVENDO...')).toBeInTheDocument();
    for (let i = 0; i <= MAX_CAPTURE_RESTARTS; i += 1) {
      act(() => FakeRecognition.latest.fail('audio-capture'));
      act(() => vi.advanceTimersByTime(2000));
    }
    await waitFor(() =>
      expect(currentToast(store)).toMatchObject({
        title: 'Erro de Microfone',
        description:
          'Nenhum microfone foi encontrado ou ele está em uso por outro aplicativo. Conecte um microfone ou feche o outro aplicativo e tente novamente.',
      }),
    );
    expect(await screen.findByText('Pressione e inicie a transcrição')).toBeInTheDocument();
  });

  it("adds 'Novo Paciente' markers numbered from 1 while recording with multiple patients", async () => {
    const { container, store } = renderWorkspace();
    expect(screen.queryByRole('button', { name: 'Novo Paciente' })).toBeNull();
    act(() => {
      store.dispatch(workspaceActions.optionSet({ option: 'multiplePatients', value: true }));
    });
    expect(screen.queryByRole('button', { name: 'Novo Paciente' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar transcrição' }));
    act(() => FakeRecognition.latest.speak('primeiro', true));
    fireEvent.click(await screen.findByRole('button', { name: 'Novo Paciente' }));
    act(() => FakeRecognition.latest.speak('segundo', true));
    fireEvent.click(screen.getByRole('button', { name: 'Novo Paciente' }));
    expect(editorText(container)).toBe('primeiro\n[Paciente 1]\nsegundo\n[Paciente 2]\n');
  });

  it('refuses a patient marker when not recording', () => {
    const toast = vi.fn();
    const controller = new RecordingController(new TranscriptStore(), {
      dispatch: makeStore().dispatch,
      toast,
      superSecondsLeft: () => null,
      notifyLimitReached: vi.fn(),
      reportUsage: vi.fn(),
    });
    expect(controller.addPatientMarker()).toBe(false);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        description: 'Você deve estar gravando para adicionar marcadores de paciente',
      }),
    );
  });
});

describe('Super Transcritor option', () => {
  it('is for registered users only', async () => {
    const { store } = renderWorkspace(anonymous);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Super Transcritor' }));
    expect(currentToast(store)?.description).toBe(
      'Super Transcritor está disponível apenas para usuários cadastrados. Crie uma conta ou entre para usar.',
    );
    expect(screen.getByRole('checkbox', { name: 'Super Transcritor' })).not.toBeChecked();
  });

  it('shows the minutes used of the allowance, and the limit notice when used up', async () => {
    renderWorkspace({
      ...signedIn(),
      'GET /api/super-transcritor/usage': [200, { usedSeconds: 3_600 }],
    });
    const box = await screen.findByRole('checkbox', { name: 'Super Transcritor' });
    await waitFor(() =>
      expect(screen.getByTestId('super-usage')).toHaveTextContent(
        '60 de 60 minutos usados este mês',
      ),
    );
    await userEvent.click(box);
    expect(screen.getByText('Limite de uso atingido')).toBeInTheDocument();
    expect(
      screen.getByText(
        /Você já utilizou todo o tempo disponível do Super Transcritor \(60 minutos\)\. Considere fazer upgrade para Premium para mais tempo\./,
      ),
    ).toBeInTheDocument();
  });

  it('Premium users have 600 minutes', async () => {
    renderWorkspace({
      ...signedIn({ isPremium: true }),
      'GET /api/super-transcritor/usage': [200, { usedSeconds: 125 }],
    });
    await waitFor(() =>
      expect(screen.getByTestId('super-usage')).toHaveTextContent(
        '2 de 600 minutos usados este mês',
      ),
    );
  });
});

describe('logout', () => {
  it('clears the transcript when the user becomes anonymous', async () => {
    const table = {
      ...signedIn(),
      'GET /api/super-transcritor/usage': [200, { usedSeconds: 0 }],
    } as Record<string, [number, unknown]>;
    const { container, store } = renderWorkspace(table);
    await screen.findByTestId('super-usage');
    typeInEditor(container, 'dados do paciente');
    table['/auth/user'] = [401, { message: 'Não autenticado' }];
    act(() => {
      store.dispatch(api.util.invalidateTags(['CurrentUser']));
    });
    await waitFor(() => expect(editorText(container)).toBe(''));
  });
});

describe('transcription card', () => {
  it('refuses to export an empty transcription', async () => {
    const { store } = renderWorkspace();
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    expect(currentToast(store)?.description).toBe('Não há transcrição para exportar');
  });

  it('exports the transcription as CSV', async () => {
    const downloads = captureDownloads();
    const { container } = renderWorkspace();
    typeInEditor(container, 'dor torácica');
    fireEvent.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    const [file] = downloads.files;
    expect(file?.name).toMatch(/^transcricao-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    expect(await blobText(file?.blob as Blob)).toContain('1,00:00,02:00,"dor torácica"');
    downloads.restore();
  });

  it('clears everything after the confirmation', async () => {
    const { container } = renderWorkspace();
    typeInEditor(container, 'algo');
    fireEvent.click(screen.getByRole('button', { name: 'Limpar tudo' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Tem certeza que deseja apagar tudo e recomeçar? Esta ação é irreversível.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(editorText(container)).toBe(''));
  });

  it('offers the previous-report upload only to medico_visitador and reads each kind of file', async () => {
    const { store, rawCalls } = renderWorkspace(anonymous, {
      'POST /api/extract-pdf-text': jsonAnswer(200, { text: 'Relatório de junho', pages: 1 }),
    });
    expect(screen.queryByRole('button', { name: 'Enviar relatório anterior' })).toBeNull();
    act(() => {
      store.dispatch(workspaceActions.professionalChosen('medico_visitador'));
    });
    const input = screen.getByTestId('previous-report-input') as HTMLInputElement;
    expect(input.accept).toBe('.pdf,.doc,.docx,.txt');
    await userEvent.upload(input, new File(['%PDF-1.4'], 'junho.pdf', { type: 'application/pdf' }));
    await waitFor(() =>
      expect(store.getState().workspace.additionalInfo).toBe(
        'Relatório anterior (junho.pdf):\nRelatório de junho',
      ),
    );
    expect(rawCalls).toEqual(['POST /api/extract-pdf-text']);
    await userEvent.upload(input, new File(['x'], 'julho.docx'));
    await userEvent.upload(
      input,
      new File(['Texto simples'], 'agosto.txt', { type: 'text/plain' }),
    );
    await waitFor(() =>
      expect(store.getState().workspace.additionalInfo).toContain(
        'Relatório anterior (agosto.txt):\nTexto simples',
      ),
    );
    expect(store.getState().workspace.additionalInfo).toContain(
      'O conteúdo de arquivos Word não é lido',
    );
  });

  it("reports a file that could not be read as 'Erro ao processar arquivo: ...'", async () => {
    const { store } = renderWorkspace(anonymous, {
      'POST /api/extract-pdf-text': jsonAnswer(422, {
        statusCode: 422,
        code: 'PDF_CORRUPT',
        message: 'O arquivo PDF está corrompido ou não pôde ser lido. Verifique o arquivo.',
      }),
    });
    act(() => {
      store.dispatch(workspaceActions.professionalChosen('medico_visitador'));
    });
    await userEvent.upload(screen.getByTestId('previous-report-input'), new File(['x'], 'a.pdf'));
    await waitFor(() =>
      expect(currentToast(store)?.description).toBe(
        'Erro ao processar arquivo: O arquivo PDF está corrompido ou não pôde ser lido. Verifique o arquivo.',
      ),
    );
  });
});
