// The benches' HTTP client: node:http over a kept-alive agent. fetch (undici) costs a generator several times more
// per request in streams and promises, CPU taken from the core the generator shares with what it measures, and
// it decodes every compressed answer in the thread pool: extra turns of the generator's event loop, which the
// figures would then include.
import http from 'node:http';

export interface Answer {
  status: number;
  etag?: string;
  /** The body as sent (not decoded), when asked for with `keepBody`. */
  body: string;
}

/** One request, resolved once its last byte has arrived. */
export function send(
  agent: http.Agent,
  url: string,
  options: {
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    keepBody?: boolean;
  } = {},
): Promise<Answer> {
  const { method = 'GET', headers = {}, body, keepBody = false } = options;
  const all =
    body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, agent, headers: all }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => void (keepBody && chunks.push(chunk)));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          etag: response.headers.etag,
          body: keepBody ? Buffer.concat(chunks).toString() : '',
        }),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}
