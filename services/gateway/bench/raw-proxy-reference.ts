/**
 * The reference the gateway is compared with in the overhead benchmark: the least a Node proxy can
 * do (no routing table, headers, limits, logs or metrics), so the report separates what the 2-core
 * machine costs any extra hop from what our gateway adds on top.
 */
import http from 'node:http';

const upstream = new URL(process.env.UPSTREAM_URL ?? 'http://127.0.0.1:8081');
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

http
  .createServer((req, res) => {
    const proxied = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: req.url,
        method: req.method,
        headers: req.headers,
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    proxied.on('error', () => {
      res.writeHead(503).end();
    });
    req.pipe(proxied);
  })
  .listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => process.stdout.write('ready\n'));
