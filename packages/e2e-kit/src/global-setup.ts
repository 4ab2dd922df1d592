import type { TestProject } from 'vitest/node';
import { type E2eStack, startStack } from './stack.js';

let stack: E2eStack | undefined;

/**
 * vitest global setup of every app's e2e run (see e2eConfig): one real stack for all the app's
 * spec files, handed to them as `inject('e2e')`.
 */
export async function setup(project: TestProject): Promise<void> {
  stack = await startStack();
  project.provide('e2e', {
    baseUrl: stack.baseUrl,
    admin: stack.admin,
    ...(stack.vaultAdminKey ? { vaultAdminKey: stack.vaultAdminKey } : {}),
  });
  if (stack.logFile)
    process.stdout.write(`[e2e] stack ready at ${stack.baseUrl} (log: ${stack.logFile})\n`);
}

export async function teardown(): Promise<void> {
  await stack?.stop();
  stack = undefined;
}
