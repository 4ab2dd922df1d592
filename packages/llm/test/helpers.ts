import { loadConfig } from '@pv/service-kit/runtime';
import { Type } from '@sinclair/typebox';
import {
  LlmConfigFields,
  type LlmLogger,
  type LlmSettings,
  llmSettingsFrom,
} from '../src/index.js';

/** Settings through the same path a service takes: its config schema spreads LlmConfigFields. */
export function settingsFromEnv(env: Record<string, string | undefined>): LlmSettings {
  return llmSettingsFrom(loadConfig(Type.Object({ ...LlmConfigFields }), env));
}

export interface LogEntry {
  level: 'info' | 'warn' | 'error';
  obj: object;
  msg: string | undefined;
}

/** A logger that keeps what it was given. */
export function recordingLogger(): LlmLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  return {
    entries,
    info: (obj, msg) => entries.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => entries.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => entries.push({ level: 'error', obj, msg }),
  };
}

/** The text of a message of a recorded request, asserting it exists. */
export function messageAt(
  messages: { role: string; content: string }[],
  index: number,
): { role: string; content: string } {
  const message = messages.at(index);
  if (!message) throw new Error(`no message at ${index}`);
  return message;
}
