import autocannon from 'autocannon';

for (const url of process.argv.slice(2)) {
  const r = await autocannon({
    url,
    connections: 10,
    duration: 5,
    headers: { cookie: 'pv_session=abc.def', accept: 'application/json' },
  });
  console.log(url, 'rps', r.requests.average, 'p50', r.latency.p50, 'p99', r.latency.p99);
}
