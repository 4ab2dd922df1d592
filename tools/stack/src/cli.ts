import { runDeadLetters } from './dead-letters.js';
import { error } from './log.js';
import { runStart } from './start.js';
import { runTest, runTypecheck } from './test.js';

const [command, ...rest] = process.argv.slice(2);

async function main(): Promise<number> {
  if (command === 'start') return runStart(rest);
  if (command === 'test') return runTest(rest);
  if (command === 'dead-letters') return runDeadLetters(rest);
  if (command === 'typecheck') return runTypecheck();
  error('usage: cli.ts <start|test|typecheck|dead-letters> [args...]');
  return 2;
}

main().then(
  (code) => {
    process.exitCode = code;
    // Everything this CLI opened is closed by now; a handle left behind by a library must not keep
    // the terminal waiting.
    setTimeout(() => process.exit(code), 2000).unref();
  },
  (err: unknown) => {
    error(err instanceof Error ? (err.stack ?? err.message) : String(err));
    process.exit(1);
  },
);
