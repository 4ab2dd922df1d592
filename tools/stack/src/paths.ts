import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of the monorepo root (this file lives in tools/stack/src). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url)).replace(/[\\/]$/, '');

/** The pinned package manager, the same one the bootstrap script installs with. */
export const PNPM = 'pnpm@10.34.9';

/** The folders whose subfolders are the workspace's packages (pnpm-workspace.yaml). */
export const WORKSPACE_FOLDERS = ['apps', 'packages', 'services', 'tools', 'tests'] as const;

const isWindows = process.platform === 'win32';

/** Holds the pnpm that @pv/stack depends on; turbo needs a `pnpm` on PATH to read the workspace. */
export const stackBinDir = path.join(repoRoot, 'tools', 'stack', 'node_modules', '.bin');

/** The installed pnpm when there is one, else the pinned version through npx. */
export function pnpmCommand(args: string[]): { command: string; args: string[] } {
  const local = path.join(stackBinDir, isWindows ? 'pnpm.cmd' : 'pnpm');
  if (existsSync(local)) return { command: local, args };
  return { command: isWindows ? 'npx.cmd' : 'npx', args: ['-y', PNPM, ...args] };
}

/** `env` with the stack's own tools (pnpm) first on PATH. */
export function withStackBin(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const key = Object.keys(env).find((name) => name.toUpperCase() === 'PATH') ?? 'PATH';
  return { ...env, [key]: [stackBinDir, env[key]].filter(Boolean).join(path.delimiter) };
}
