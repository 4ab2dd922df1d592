// The files an operator ships: they must be what the process catalog generates, and every
// Kubernetes object must render (kubectl kustomize, or the same reading in Node) and pass its schema.
import { staleGeneratedFiles } from '../catalog/generate.js';
import { validateInfra } from '../catalog/validate.js';
import { info } from '../log.js';
import { repoRoot } from '../paths.js';
import type { TestStep } from './runner.js';

export const infraFilesStep: TestStep = {
  name: 'infra files (catalog parity, kustomize render, Kubernetes schemas)',
  report: 'status',
  async run() {
    const stale = staleGeneratedFiles(repoRoot);
    if (stale.length > 0) {
      return {
        status: 'failed',
        detail: `not what the catalog generates (run npm run infra:generate): ${stale.join(', ')}`,
      };
    }
    const { problems, count, renderer } = validateInfra(repoRoot);
    if (problems.length > 0) {
      return { status: 'failed', detail: `${problems.length} invalid: ${problems.join('; ')}` };
    }
    info(`${count} Kubernetes objects rendered (${renderer}) and valid`);
    return { status: 'passed' };
  },
};
