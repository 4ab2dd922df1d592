import { Box } from '@mui/material';
import { useEffect, useRef } from 'react';
import { WorkspaceStrings as S } from '../../../strings/workspace';
import { useWorkspace } from '../workspace-context';

/** One block per line: an edit re-lays out its block only, not 500,000 characters. */
function renderLines(root: HTMLElement, text: string): void {
  const fragment = document.createDocumentFragment();
  if (text !== '') for (const line of text.split('\n')) fragment.appendChild(lineBlock(line));
  root.replaceChildren(fragment);
}

function lineBlock(line: string): HTMLElement {
  const block = document.createElement('div');
  if (line === '') block.appendChild(document.createElement('br'));
  else block.textContent = line;
  return block;
}

/** Appends a chunk (which may hold line breaks) at the end of the editor. */
function appendChunk(root: HTMLElement, chunk: string): void {
  const lines = chunk.split('\n');
  let last = root.lastElementChild as HTMLElement | null;
  lines.forEach((line, index) => {
    if (index > 0 || !last) {
      last = lineBlock(line);
      root.appendChild(last);
      return;
    }
    if (line === '') return;
    if (last.childNodes.length === 1 && last.firstChild?.nodeName === 'BR') last.replaceChildren();
    last.appendChild(document.createTextNode(line));
  });
}

/** Stops at the first block with text: cheap however long the transcript is. */
function hasAnyText(root: HTMLElement): boolean {
  for (let node = root.firstChild; node; node = node.nextSibling)
    if (/\S/.test(node.textContent ?? '')) return true;
  return false;
}

/** The editor's text: its blocks joined by line breaks (what the user sees, line by line). */
export function readLines(root: HTMLElement): string {
  const lines: string[] = [];
  for (let node = root.firstChild; node; node = node.nextSibling)
    lines.push(node.nodeName === 'BR' ? '' : (node.textContent ?? ''));
  return lines.join('\n');
}

/** 'plaintext-only' (Chrome, Edge, recent Firefox) keeps pasted and typed text plain. */
function editableMode(): string {
  const probe = document.createElement('div');
  try {
    probe.contentEditable = 'plaintext-only';
    return probe.contentEditable === 'plaintext-only' ? 'plaintext-only' : 'true';
  } catch {
    return 'true';
  }
}

/**
 * The transcript editor: a plain-text contenteditable bound to the transcript store outside
 * React. Speech is appended to its last block; typing only tells the store that the text
 * changed (it is read back lazily), so neither costs more than one block's layout.
 */
export function TranscriptEditor() {
  const { transcript } = useWorkspace();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    root.setAttribute('contenteditable', editableMode());
    renderLines(root, transcript.value);
    transcript.attachReader(
      () => readLines(root),
      () => hasAnyText(root),
    );
    const unsubscribe = transcript.subscribe((change) => {
      if (change.kind === 'appended') {
        const atBottom = root.scrollHeight - root.scrollTop - root.clientHeight < 40;
        appendChunk(root, change.chunk);
        if (atBottom) root.scrollTop = root.scrollHeight;
      } else if (change.kind === 'replaced' && change.by === 'engine') {
        renderLines(root, transcript.value);
      }
    });
    return () => {
      unsubscribe();
      transcript.attachReader(null);
    };
  }, [transcript]);

  return (
    <Box
      ref={ref}
      role="textbox"
      aria-multiline="true"
      aria-label={S.transcriptionLabel}
      aria-placeholder={S.transcriptionPlaceholder}
      data-placeholder={S.transcriptionPlaceholder}
      spellCheck={false}
      tabIndex={0}
      data-testid="transcript-editor"
      onInput={() => transcript.editedByUser()}
      onPaste={(event) => {
        // Rich text from other programs arrives as plain text.
        event.preventDefault();
        const text = event.clipboardData.getData('text/plain');
        document.execCommand('insertText', false, text);
      }}
      sx={{
        width: '100%',
        minHeight: 260,
        height: 360,
        resize: 'vertical',
        overflow: 'auto',
        p: 1.5,
        fontSize: '0.95rem',
        lineHeight: 1.5,
        whiteSpace: 'pre-wrap',
        overflowWrap: 'anywhere',
        borderRadius: 1,
        border: '1px solid',
        borderColor: 'divider',
        bgcolor: 'background.paper',
        color: 'text.primary',
        '&:focus': { outline: '2px solid', outlineColor: 'primary.main' },
        '&:empty::before': { content: 'attr(data-placeholder)', color: 'text.secondary' },
      }}
    />
  );
}
