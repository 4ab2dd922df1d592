// The transcript's display-only parts (speaker labels, error lines, the workspace's soft line
// breaks) are a contract between the workspace that writes them and the formatter and the vault
// that take them out: the rule lives in @pv/contracts (transcript.ts).
export { CLIENT_LINE_BREAK_AFTER_CHARS, cleanTranscript } from '@pv/contracts';
