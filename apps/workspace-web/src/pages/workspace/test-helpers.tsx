import type { CurrentUser } from '@pv/contracts';
import { currentUserFixture } from '@pv/web-kit/testing';
import { fireEvent } from '@testing-library/react';
import { vi } from 'vitest';
import { FakeRecognition } from '../../speech/testing/fake-recognition';
import type { AppStore } from '../../store';
import { jsonResponses, renderAt } from '../../test/render';
import { readLines } from './cards/transcript-editor';
import WorkspacePage from './workspace-page';

export const registeredUser: CurrentUser = currentUserFixture();

export const anonymous = { '/auth/user': [401, { message: 'Não autenticado' }] } as Record<
  string,
  [number, unknown]
>;
export const signedIn = (overrides: Partial<CurrentUser> = {}) =>
  ({ '/auth/user': [200, { ...registeredUser, ...overrides }] }) as Record<
    string,
    [number, unknown]
  >;

/** Renders `/` with `table` as the server and the SpeechRecognition double installed. */
export function renderWorkspace(
  table: Record<string, [number, unknown]> = anonymous,
  raw: Record<string, (init?: RequestInit) => Response> = {},
) {
  FakeRecognition.reset();
  vi.stubGlobal('SpeechRecognition', FakeRecognition);
  const json = jsonResponses(table);
  const rawCalls: string[] = [];
  // Multipart and binary answers (files) are served by `raw`; everything else is JSON.
  const fetchFn = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = (input instanceof Request ? input.method : init?.method) ?? 'GET';
    const handler = raw[`${method} ${url.pathname}`];
    if (handler) {
      rawCalls.push(`${method} ${url.pathname}`);
      return handler(init);
    }
    return json(input, init);
  };
  vi.stubGlobal('fetch', fetchFn);
  const view = renderAt(<WorkspacePage />);
  return { ...view, calls: json.calls, rawCalls };
}

export const jsonAnswer = (status: number, body: unknown) => () =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Captures the blobs the page downloads (URL.createObjectURL) and their link names. */
export function captureDownloads() {
  const files: { blob: Blob; name: string }[] = [];
  let pending: Blob | null = null;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        pending = blob;
        return 'blob:test';
      },
      revokeObjectURL: () => {},
    }),
  );
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    if (pending) files.push({ blob: pending, name: this.download });
    pending = null;
  });
  return { files, restore: () => click.mockRestore() };
}

/** A blob's text, whether it is jsdom's Blob (no .text()) or Node's (from fetch). */
export const blobText = (blob: Blob) =>
  typeof blob.text === 'function'
    ? blob.text()
    : new Promise<string>((resolve) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.readAsText(blob);
      });

export const currentToast = (store: AppStore) => store.getState().toast.current;

export const transcriptEditor = (container: HTMLElement) =>
  container.querySelector('[data-testid="transcript-editor"]') as HTMLElement;

/** The transcript as the editor shows it. */
export const editorText = (container: HTMLElement) => readLines(transcriptEditor(container));

/** Types `text` into the editor the way an input event reports it (jsdom cannot edit). */
export function typeInEditor(container: HTMLElement, text: string) {
  const editor = transcriptEditor(container);
  const block = document.createElement('div');
  block.textContent = text;
  editor.replaceChildren(block);
  fireEvent.input(editor);
}
