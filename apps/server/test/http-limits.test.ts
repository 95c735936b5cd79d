import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARED_BACKENDS_AVAILABLE, startInstances, type Instance } from './support/instances';

/**
 * Issue 32 item 11, on two instances: a slow request body is cut at HTTP_REQUEST_TIMEOUT_MS, one address holds at
 * most HTTP_MAX_CONNECTIONS_PER_ADDRESS connections, and at most DEMO_SESSIONS_PER_ADDRESS_HOUR demo sessions.
 */
const MAX_CONNECTIONS = 5;
const DEMO_PER_HOUR = 10;

/** A raw connection to an instance, with what it received and a promise of its end. */
function rawConnection(baseUrl: string) {
  const { port } = new URL(baseUrl);
  const socket: Socket = connect(Number(port), '127.0.0.1');
  let received = '';
  socket.on('data', (d) => (received += String(d)));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed, connected, received: () => received };
}

(SHARED_BACKENDS_AVAILABLE ? describe : describe.skip)('HTTP limits (issue 32 item 11)', () => {
  let shared: Awaited<ReturnType<typeof startInstances>>;
  let instances: Instance[] = [];
  beforeAll(async () => {
    shared = await startInstances(2, {
      HTTP_REQUEST_TIMEOUT_MS: 1_000,
      HTTP_MAX_CONNECTIONS_PER_ADDRESS: MAX_CONNECTIONS,
      DEMO_SESSIONS_PER_ADDRESS_HOUR: DEMO_PER_HOUR,
    });
    instances = shared.instances;
  }, 120_000);
  afterAll(async () => shared?.close());

  it('cuts a request whose body never finishes arriving', async () => {
    const c = rawConnection(instances[0]!.baseUrl);
    await c.connected;
    c.socket.write(
      'POST /api/v1/crash/sessions HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"demo":',
    );
    await c.closed; // the server ends it: the test's own timeout is the only bound
    expect(c.received()).toMatch(/^HTTP\/1\.1 408|^$/);
  }, 60_000);

  it('closes an address’s connection past the cap, and takes one again once one is closed', async () => {
    const baseUrl = instances[1]!.baseUrl;
    const held = Array.from({ length: MAX_CONNECTIONS }, () => rawConnection(baseUrl));
    // Each held connection answers a request: the server has counted it.
    for (const c of held) {
      await c.connected;
      c.socket.write('GET /healthz HTTP/1.1\r\nhost: localhost\r\n\r\n');
    }
    const answered = (c: ReturnType<typeof rawConnection>) =>
      new Promise<void>((resolve) => {
        const check = () =>
          /^HTTP\/1\.1 \d{3}/.test(c.received()) ? resolve() : c.socket.once('data', check);
        check();
      });
    await Promise.all(held.map(answered));
    const extra = rawConnection(baseUrl);
    await extra.closed;
    expect(extra.received()).toBe('');
    held[0]!.socket.destroy();
    await held[0]!.closed;
    const again = rawConnection(baseUrl);
    await again.connected;
    again.socket.write('GET /healthz HTTP/1.1\r\nhost: localhost\r\n\r\n');
    await answered(again);
    expect(again.received()).toMatch(/^HTTP\/1\.1 200/);
    for (const c of [...held, again]) c.socket.destroy();
  }, 60_000);

  it('opens at most so many demo sessions an hour for one address, over both instances', async () => {
    const open = (i: number, address: string) =>
      instances[i % 2]!.app.inject({
        method: 'POST',
        url: '/api/v1/crash/sessions',
        headers: { host: 'localhost' },
        payload: { demo: true },
        remoteAddress: address,
      });
    const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => open(i, '10.77.0.1')));
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200).length).toBe(DEMO_PER_HOUR);
    expect(statuses.filter((s) => s === 429).length).toBe(30 - DEMO_PER_HOUR);
    const refused = burst.find((r) => r.statusCode === 429)!;
    expect(refused.json().error).toBe('rate_limited');
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await open(0, '10.77.0.2')).statusCode).toBe(200);
  }, 60_000);
});
