// The core's HTTP requests through Node's own http/https modules. A backlog drain sends hundreds of small
// requests a second; measured in one run on this machine (tests/bench/core.bench.ts, 5,000 documents, sandbox at
// 20 ms), the global fetch (undici, with its web streams) cost 1.47 ms of CPU per document and this 1.16 ms. It keeps
// fetch's shape (FetchLike: requestJson is unchanged) and what requestJson relies on:
// - an AbortSignal ends the request (requestJson's timeout);
// - an answer longer than MAX_ANSWER_BYTES is cut and refused while it arrives, never held whole;
// - connections are kept alive and reused, as fetch's are;
// - network failures reject with Node's error codes (ECONNREFUSED, ENOTFOUND, ...), which plainNetworkReason reads.
// It asks for no compression (Accept-Encoding: identity) and follows no redirect: a 3xx comes back as it is.
import http from 'node:http';
import https from 'node:https';
import { AnswerTooLarge, MAX_ANSWER_BYTES, type FetchLike } from './http';

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 32 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 32 }),
};

export interface NodeFetchOptions {
  /** The most bytes of answer accepted (default MAX_ANSWER_BYTES). */
  maxBytes?: number;
}

export function createNodeFetch(options: NodeFetchOptions = {}): FetchLike {
  const limit = options.maxBytes ?? MAX_ANSWER_BYTES;
  return (input, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(input);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        reject(new TypeError(`unsupported protocol ${url.protocol}`));
        return;
      }
      const signal = init.signal ?? undefined;
      if (signal?.aborted) {
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
        return;
      }
      if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') {
        reject(new TypeError('only text bodies are sent'));
        return;
      }
      const body = init.body ?? undefined;
      const headers: Record<string, string> = { 'accept-encoding': 'identity' };
      new Headers(init.headers).forEach((value, key) => (headers[key] = value));
      if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
      const module = url.protocol === 'https:' ? https : http;
      // Settled once; the abort listener goes with it (a later timeout must not touch a socket back in the pool).
      const onAbort = () => req.destroy(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      const fail = (error: unknown) => {
        signal?.removeEventListener('abort', onAbort);
        reject(error);
      };
      const req = module.request(url, { method: init.method ?? 'GET', headers, agent: agents[url.protocol] }, (res) => {
        const declared = Number(res.headers['content-length'] ?? '');
        // Refused first, then the connection dropped (dropping it reports the cut answer at once).
        if (Number.isFinite(declared) && declared > limit) {
          fail(new AnswerTooLarge(limit));
          res.destroy();
          return;
        }
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > limit) {
            fail(new AnswerTooLarge(limit));
            res.destroy();
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          signal?.removeEventListener('abort', onAbort);
          const answerHeaders = new Headers();
          for (const [key, value] of Object.entries(res.headers)) {
            if (value !== undefined) answerHeaders.set(key, Array.isArray(value) ? value.join(', ') : value);
          }
          const status = res.statusCode ?? 0;
          const empty = status === 204 || status === 205 || status === 304;
          resolve(new Response(empty ? null : Buffer.concat(chunks), { status, statusText: res.statusMessage ?? '', headers: answerHeaders }));
        });
        res.on('error', fail);
        res.on('aborted', () => fail(new Error('the answer was cut')));
      });
      req.on('error', fail);
      signal?.addEventListener('abort', onAbort, { once: true });
      req.end(body);
    });
}
