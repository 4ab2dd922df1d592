import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withoutHopByHop } from '../src/routes/hop-by-hop.js';
import { startGateway, type TestGateway } from './helpers.js';

// RFC 9110 §7.6.1: Connection, the headers it names, Keep-Alive, Proxy-*, TE, Trailer,
// Transfer-Encoding and Upgrade describe one hop; the gateway passes none of them on, either way.

describe('withoutHopByHop', () => {
  it('drops the fixed list, any proxy-* and what Connection names (any case), keeps the rest', () => {
    expect(
      withoutHopByHop({
        connection: 'keep-alive, X-Private , x-other',
        'keep-alive': 'timeout=5',
        te: 'trailers',
        trailer: 'x-checksum',
        'transfer-encoding': 'chunked',
        upgrade: 'h2c',
        'proxy-authorization': 'Basic YTpi',
        'proxy-authenticate': 'Basic',
        'proxy-connection': 'keep-alive',
        'proxy-x-custom': '1',
        'x-private': 'secret',
        'x-other': '1',
        accept: 'application/json',
        cookie: 'pv_session=a',
      }),
    ).toEqual({ accept: 'application/json', cookie: 'pv_session=a' });
  });
});

describe('the proxy', () => {
  let upstream: Server;
  let seen: IncomingHttpHeaders | undefined;
  let gateway: TestGateway;

  beforeAll(async () => {
    // A raw node:http upstream: it answers with every hop-by-hop header a careless server sends.
    upstream = createServer((req, res) => {
      seen = req.headers;
      req.resume();
      req.on('end', () => {
        res.setHeader('connection', 'x-upstream-private');
        res.setHeader('x-upstream-private', 'internal');
        res.setHeader('keep-alive', 'timeout=1234');
        res.setHeader('proxy-authenticate', 'Basic realm="upstream"');
        res.setHeader('trailer', 'x-checksum');
        res.setHeader('upgrade', 'h2c');
        res.setHeader('x-kept', 'yes');
        res.setHeader('content-type', 'application/json');
        res.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    gateway = await startGateway({ AUTH_URL: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await gateway.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('strips hop-by-hop headers from the request and from the answer', async () => {
    const answer = await new Promise<{ status: number; headers: IncomingHttpHeaders }>(
      (resolve, reject) => {
        const req = request(
          `${gateway.url}/auth/user`,
          {
            method: 'POST',
            headers: {
              connection: 'keep-alive, x-client-private',
              'x-client-private': 'mine',
              'keep-alive': 'timeout=99',
              te: 'trailers',
              trailer: 'x-checksum',
              upgrade: 'h2c',
              'proxy-authorization': 'Basic dXNlcjpwYXNz',
              'proxy-connection': 'keep-alive',
              'content-type': 'application/json',
              'x-kept': 'yes',
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
          },
        );
        req.on('error', reject);
        req.end('{"a":1}');
      },
    );
    expect(answer.status).toBe(200);

    // What the service received: none of the client's hop-by-hop headers. (Its connection and
    // transfer-encoding are the gateway's own hop, framed again by Node: the client sent chunked.)
    expect(seen).toBeDefined();
    for (const name of [
      'x-client-private',
      'te',
      'trailer',
      'upgrade',
      'proxy-authorization',
      'proxy-connection',
    ])
      expect(seen, name).not.toHaveProperty(name);
    expect(seen?.['keep-alive']).toBeUndefined();
    expect(String(seen?.connection ?? '')).not.toContain('x-client-private');
    expect(seen?.['x-kept']).toBe('yes');

    // What the client received: none of the service's.
    for (const name of ['x-upstream-private', 'proxy-authenticate', 'trailer', 'upgrade'])
      expect(answer.headers, name).not.toHaveProperty(name);
    expect(String(answer.headers.connection)).not.toContain('x-upstream-private');
    expect(answer.headers['keep-alive']).not.toBe('timeout=1234');
    expect(answer.headers['x-kept']).toBe('yes');
  });
});
