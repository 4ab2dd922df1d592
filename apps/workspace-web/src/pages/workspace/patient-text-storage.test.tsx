import type { FormatTextResponse } from '@pv/contracts';
import { scaled } from '@pv/web-kit/testing';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/base';
import { sessionEnded } from '../../store';
import { renderAt } from '../../test/render';
import {
  editorText,
  registeredUser,
  renderWorkspace,
  signedIn,
  typeInEditor,
} from './test-helpers';
import WorkspacePage from './workspace-page';

// The dictation and the note live in memory only: no web storage ever holds them, and signing
// out drops them from memory (docs/data-map.md, "Patient text: where it goes and when it is gone").

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const WORD = 'PELICANFINCH';
const storages = () =>
  JSON.stringify([
    Object.entries({ ...localStorage }),
    Object.entries({ ...sessionStorage }),
    document.cookie,
  ]);

const formatted: FormatTextResponse = {
  consultId: '33333333-3333-4333-8333-333333333333',
  engine: 'offline',
  model: 'offline-ptbr',
  formatted: {
    title: 'Consulta Médica',
    professional: 'consulta_medica',
    patientData: { name: `Maria ${WORD}`, age: '', gender: 'feminino' },
    chiefComplaint: 'dor',
    historyOfPresentIllness: '',
    physicalExam: '',
    diagnosticHypothesis: '',
    treatment: '',
    observations: '',
    sections: [],
    text: `QUEIXA PRINCIPAL\n${WORD} com dor de cabeça`,
  },
  text: `QUEIXA PRINCIPAL\n${WORD} com dor de cabeça`,
};

describe('patient text in the browser', () => {
  it('is never put in localStorage, sessionStorage or a cookie, and is gone from memory on sign-out', async () => {
    const table = {
      ...signedIn(),
      'GET /api/super-transcritor/usage': [200, { usedSeconds: 0 }],
      'POST /api/format-text': [200, formatted],
      'POST /api/transcript-vault/consult': [
        201,
        { consult_id: formatted.consultId, message: 'ok' },
      ],
    } as Record<string, [number, unknown]>;
    const { container, store } = renderWorkspace(table);
    await screen.findByTestId('super-usage');
    typeInEditor(container, `paciente ${WORD} com dor de cabeça`);
    const format = () => screen.getByRole('button', { name: 'Format with AI' });
    await waitFor(() => expect(format()).toBeEnabled(), { timeout: scaled(5_000) });
    fireEvent.click(format());
    expect(await screen.findByTestId('formatted-text')).toHaveTextContent(WORD);
    expect(storages()).not.toContain(WORD);
    expect(JSON.stringify(store.getState())).toContain(WORD);

    // What useLogout does once the server has ended the session.
    table['/auth/user'] = [401, { message: 'Não autenticado' }];
    act(() => {
      store.dispatch(sessionEnded());
      store.dispatch(api.util.resetApiState());
    });
    await waitFor(() => expect(editorText(container)).toBe(''));
    expect(JSON.stringify(store.getState())).not.toContain(WORD);
    expect(container.textContent).not.toContain(WORD);
    expect(storages()).not.toContain(WORD);
  });

  it('a sign-out while on another page, then another user: the dictation is gone when they open the workspace', async () => {
    const table = {
      ...signedIn(),
      'GET /api/super-transcritor/usage': [200, { usedSeconds: 0 }],
    } as Record<string, [number, unknown]>;
    const first = renderWorkspace(table);
    await screen.findByTestId('super-usage');
    typeInEditor(first.container, `paciente ${WORD} com febre`);
    await waitFor(() => expect(editorText(first.container)).toContain(WORD));
    // The user goes to /user and signs out there; someone else signs in on this browser.
    first.unmount();
    table['/auth/user'] = [
      200,
      { ...registeredUser, id: '44444444-4444-4444-8444-444444444444', email: 'outra@exemplo.com' },
    ];
    act(() => {
      first.store.dispatch(sessionEnded());
      first.store.dispatch(api.util.resetApiState());
    });
    const second = renderAt(<WorkspacePage />, { store: first.store });
    await screen.findByTestId('super-usage');
    await waitFor(() => expect(editorText(second.container)).toBe(''));
    expect(second.container.textContent).not.toContain(WORD);
  });
});
