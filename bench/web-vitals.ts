// `node --import tsx bench/web-vitals.ts [runs]` from the repo root: the benchmark itself lives in
// apps/workspace-web/bench/ so that its imports (the e2e kit, lighthouse) resolve from that package.
await import('../apps/workspace-web/bench/web-vitals.ts');
