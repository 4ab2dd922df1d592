// `node --import tsx bench/login-backoff.ts` from the repo root: the benchmark itself lives in
// tests/system/bench/ so that its imports (the auth service, the kit) resolve from that package.
await import('../tests/system/bench/login-backoff.ts');
