// `node --import tsx bench/password-strength.ts` from the repo root: the benchmark itself lives in
// tests/system/bench/ so that its imports (the auth service) resolve from that package.
await import('../tests/system/bench/password-strength.ts');
