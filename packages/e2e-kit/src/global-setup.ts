import type { TestProject } from 'vitest/node';
import { type E2eStack, startStack } from './stack.js';

let stack: E2eStack | undefined;

export interface E2eSetupOptions {
  /** Extra variables for the stack, e.g. the URLs of fake providers the app's setup started. */
  env?: Record<string, string>;
}

/**
 * vitest global setup of every app's e2e run (see e2eConfig): one real stack for all the app's
 * spec files, handed to them as `inject('e2e')`. An app whose suite needs fake providers for the
 * whole run has its own global setup (e2eConfig's `globalSetup`) that starts them and then calls
 * this with their addresses in `env`.
 *
 * @example
 *   export async function setup(project: TestProject) {
 *     fake = await startFakeProvider();
 *     project.provide('fake', { controlUrl: fake.controlUrl });
 *     await e2eSetup(project, { env: { PROVIDER_URL: fake.url } });
 *   }
 */
export async function setup(project: TestProject, options: E2eSetupOptions = {}): Promise<void> {
  stack = await startStack(options.env ? { env: options.env } : {});
  project.provide('e2e', {
    baseUrl: stack.baseUrl,
    admin: stack.admin,
    ...(stack.vaultAdminKey ? { vaultAdminKey: stack.vaultAdminKey } : {}),
    ...(stack.mailUrl ? { mailUrl: stack.mailUrl } : {}),
  });
  if (stack.logFile)
    process.stdout.write(`[e2e] stack ready at ${stack.baseUrl} (log: ${stack.logFile})\n`);
}

export async function teardown(): Promise<void> {
  await stack?.stop();
  stack = undefined;
}
