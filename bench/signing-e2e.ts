// `node --import tsx bench/signing-e2e.ts [runs]` from the repo root: the benchmark itself lives in
// services/documents/bench/ so that its imports (the kit, @pv/signing) resolve from that package.
await import('../services/documents/bench/signing-e2e.ts');
