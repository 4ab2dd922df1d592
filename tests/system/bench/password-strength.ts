// The cost of the password strength check (issue 23 item 5): zxcvbn-ts sees at most 48
// characters, so a hostile 10 kB password costs what a 48-character one does.
// Run: `node --import tsx bench/password-strength.ts` from the repo root.
import { passwordProblem } from '@pv/auth/password-strength';

const cases: [string, string][] = [
  ['a typical password (15 chars)', 'Segredo-forte-1'],
  ['a common one (Senha@123)', 'Senha@123'],
  ['48 chars of l33t-prone text', 'a1!'.repeat(16)],
  ['hostile 10 kB, repeated "a1!"', 'a1!'.repeat(3334).slice(0, 10_000)],
  ['hostile 10 kB, repeated "x9#Lq"', 'x9#Lq'.repeat(2000)],
  ['hostile 10 kB, digits', `${'1'.repeat(9_999)}a!`],
];

passwordProblem('aquecimento-1!');
const rows: string[] = [];
for (const [what, password] of cases) {
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const started = performance.now();
    passwordProblem(password);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)]!;
  const max = times.at(-1)!;
  rows.push(`| ${what} | ${p50.toFixed(1)} ms | ${max.toFixed(1)} ms |`);
}
console.log('| password | p50 | max |\n| --- | --- | --- |');
console.log(rows.join('\n'));
