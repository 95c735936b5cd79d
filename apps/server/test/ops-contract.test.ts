import { afterAll, beforeAll, expect, it } from 'vitest';
import { OPS_ACCESS } from '../src/modules/ops/index';
import { describeEachBackend } from './support/databases';
import { createTestServer, type TestServer } from './support/server';

interface Operation {
  responses?: Record<
    string,
    { content?: Record<string, { schema?: { type?: string; properties?: object } }> }
  >;
}

/** `METHOD /ops/v1/path/:id` of an OpenAPI path (`{id}` → `:id`), as OPS_ACCESS names routes. */
const fastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Issue 34 item 1: every `/ops/v1` route declares its success answer's schema (packages/contract), so the desk takes
 * its types from there. Walks the app's OpenAPI document: a route without a 2xx JSON schema fails, and so does a
 * route OPS_ACCESS declares that the document leaves out (only the ticker's WebSocket has no JSON answer).
 */
describeEachBackend('the /ops/v1 response schemas', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(backend);
  });
  afterAll(async () => server?.close());

  it('declares a JSON schema of { result } for the success of every /ops/v1 route of the OpenAPI document', async () => {
    const res = await server.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
    const documented: string[] = [];
    const missing: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (!path.startsWith('/ops/v1/')) continue;
      for (const [method, op] of Object.entries(methods)) {
        const route = `${method.toUpperCase()} ${fastifyPath(path)}`;
        documented.push(route);
        const success = Object.entries(op.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code));
        const ok =
          success.length > 0 &&
          success.every(([, r]) => {
            const schema = r.content?.['application/json']?.schema;
            return (
              schema?.type === 'object' && schema.properties !== undefined && 'result' in schema.properties
            );
          });
        if (!ok) missing.push(route);
      }
    }
    expect(missing).toEqual([]);
    // Every declared route is in the document (a hidden route would escape the walk), but the ticker's socket.
    const declared = Object.keys(OPS_ACCESS).filter((r) => r !== 'GET /ops/v1/ticker');
    expect(declared.filter((r) => !documented.includes(r))).toEqual([]);
    expect(documented.length).toBeGreaterThanOrEqual(declared.length);
  });
});
