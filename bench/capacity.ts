// `node --import tsx bench/capacity.ts` from the repo root: the capacity scenario of issue 16 item 7
// (how many clinicians per core of each process at p95 overhead under 200 ms). It lives in
// tools/stack/src/capacity/ so that it resolves the stack and the provider fakes from there.
await import('../tools/stack/src/capacity/run.ts');
