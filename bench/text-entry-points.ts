// `node --import tsx bench/text-entry-points.ts` from the repo root: the benchmark itself lives in
// tests/system/bench/ so that its imports (every service, the kit) resolve from that package.
await import('../tests/system/bench/text-entry-points.ts');
