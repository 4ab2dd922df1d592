// `node --import tsx bench/gateway-overhead.ts` from the repo root: the benchmark itself lives in
// services/gateway/bench/ so that its imports (autocannon, the kit) resolve from the gateway package.
await import('../services/gateway/bench/gateway-overhead.ts');
