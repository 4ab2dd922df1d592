import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Absolute path of the monorepo root (this file lives in packages/e2e-kit/src). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url)).replace(/[\\/]$/, '');

/** Everything an e2e run leaves behind: lock, stack logs, screenshots, JSON reports. */
export const e2eDataDir = path.join(repoRoot, '.data', 'e2e');
