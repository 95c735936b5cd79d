// Malformed-input generator for the fuzz test: reads the app's OpenAPI document and, for every route and
// method, builds hostile requests (wrong types, huge strings, out-of-range and non-finite numbers, arrays for
// scalars, bad JSON, bad and truncated multipart, wrong content types, odd path parameters, prototype-pollution
// keys). Seeded: the same seed gives the same requests.
import { seededRandom } from './seeded-random';

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was mutated, for the failure report. */
  label: string;
}

interface OpenApiParameter {
  in: 'query' | 'path' | 'header';
  name: string;
}
interface OpenApiOperation {
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** Values that have broken servers before: ranges, non-finite numbers, encodings, injections, dates. */
export const HOSTILE_VALUES = [
  '',
  ' ',
  '0',
  '-1',
  '1.5',
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x10',
  '2147483647',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999999999',
  'true',
  'null',
  'undefined',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'toString',
  '\u0000',
  'a\u0000b',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' or 1=1--",
  'demİ',
  '\u{1F600}',
  'x'.repeat(5_000),
  '2026-13-01',
  '2026-02-30',
  '2026-00-10',
  '2026-11-22T25:61:00Z',
  '1,2,,3',
  '1,' + '9'.repeat(30),
  ',',
];

/** Raw URL pieces that are not valid percent-encoding or that smuggle structure. */
const RAW_QUERY_TAILS = [
  '%',
  '%E0%A4%A',
  '%zz',
  '&&&',
  '=',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  '__proto__=1',
];

const HOSTILE_AUTH = [
  'Bearer',
  'Bearer ',
  'Bearer  ',
  'Basic dXNlcjpwYXNz',
  `Bearer ${'a'.repeat(5_000)}`,
  'Bearer \u00ff\u00fe',
  'bearer null',
];

const HOSTILE_APP_HEADERS = ['0', '-1', 'abc', '2147483648', '1e3', '1.5', '99999999999999999999', ' 1'];

const BAD_JSON = [
  '{',
  '[',
  '{"a":',
  'null',
  '[]',
  '1',
  '"text"',
  '{"__proto__":{"polluted":1}}',
  '{"constructor":{"prototype":{"polluted":1}}}',
  '['.repeat(5_000) + ']'.repeat(5_000),
  '{"a":1,"a":2}',
  '\u0000',
];

function multipart(boundary: string, parts: [string, string][], truncate = false): string {
  const body = parts
    .map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join('');
  return truncate ? body.slice(0, Math.max(1, body.length - 7)) : `${body}--${boundary}--\r\n`;
}

/** Body variants: [content-type, payload, label]. `fields` are the body's declared property names. */
function bodyVariants(fields: string[], pick: <T>(list: readonly T[]) => T): [string, string, string][] {
  const names = fields.length > 0 ? fields : ['value'];
  const hostileObject = () => JSON.stringify(Object.fromEntries(names.map((n) => [n, pickJsonValue(pick)])));
  const out: [string, string, string][] = [];
  for (const bad of BAD_JSON) out.push(['application/json', bad, `json ${bad.slice(0, 20)}`]);
  for (let i = 0; i < 6; i++) out.push(['application/json', hostileObject(), 'json hostile fields']);
  const form = (pairs: string): [string, string, string] => [
    'application/x-www-form-urlencoded',
    pairs,
    `form ${pairs.slice(0, 30)}`,
  ];
  out.push(form(names.map((n) => `${n}=${encodeURIComponent(pick(HOSTILE_VALUES))}`).join('&')));
  out.push(form(names.map((n) => `${n}[]=1&${n}[]=2`).join('&')));
  out.push(form(names.map((n) => `${n}[a][b]=1`).join('&')));
  out.push(form('__proto__[polluted]=1&constructor[prototype][x]=1'));
  out.push(form('%E0%A4%A=%zz&a'));
  out.push(form(`${names[0]}=${'x'.repeat(20_000)}`));
  out.push(['multipart/form-data', '--x\r\n', 'multipart without boundary']);
  out.push(['multipart/form-data; boundary=', '--\r\n', 'multipart empty boundary']);
  out.push(['multipart/form-data; boundary=x', '--x\r\n', 'multipart truncated at start']);
  out.push([
    'multipart/form-data; boundary=b0',
    multipart('b0', [[names[0]!, 'v']], true),
    'multipart truncated',
  ]);
  out.push([
    'multipart/form-data; boundary=b1',
    multipart('b1', [
      ['__proto__', '{"polluted":1}'],
      ['constructor', 'x'],
    ]),
    'multipart __proto__ field',
  ]);
  out.push([
    'multipart/form-data; boundary=b2',
    multipart('b2', [[names[0]!, 'y'.repeat(20 * 1024)]]),
    'multipart 20 KiB field',
  ]);
  out.push([
    'multipart/form-data; boundary=b3',
    multipart(
      'b3',
      Array.from({ length: 60 }, (_, i) => [`f${i}`, 'v'] as [string, string]),
    ),
    'multipart 60 fields',
  ]);
  out.push([
    'multipart/form-data; boundary=b4',
    `--b4\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--b4--\r\n`,
    'multipart file',
  ]);
  out.push([
    'multipart/form-data; boundary=b5',
    multipart(
      'b5',
      names.map((n) => [n, pick(HOSTILE_VALUES)] as [string, string]),
    ),
    'multipart hostile fields',
  ]);
  out.push(['text/plain', 'hello', 'text/plain']);
  out.push(['application/xml', '<a/>', 'xml']);
  out.push(['application/octet-stream', '\u0000\u0001', 'octet-stream']);
  out.push([';;;', 'x', 'garbage content-type']);
  out.push(['application/json; charset=utf-16', '{}', 'json utf-16 charset']);
  return out;
}

function pickJsonValue(pick: <T>(list: readonly T[]) => T): unknown {
  const kinds: (() => unknown)[] = [
    () => pick(HOSTILE_VALUES),
    () => Number(pick(['1e308', '-1', '2147483648', '0.5', '9007199254740993'])),
    () => [pick(HOSTILE_VALUES), 1],
    () => ({ nested: pick(HOSTILE_VALUES) }),
    () => null,
    () => true,
    () => -0,
  ];
  return pick(kinds)();
}

/** Every hostile request for one document; `perRoute` caps each route's share (seeded sample). */
export function generateRequests(doc: OpenApiDocument, seed: number, perRoute: number): FuzzRequest[] {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const requests: FuzzRequest[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const list = routeRequests(path, method.toUpperCase(), operation, pick);
      // Shuffle (seeded) and keep a bounded, varied sample per route.
      for (let i = list.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [list[i], list[j]] = [list[j]!, list[i]!];
      }
      requests.push(...list.slice(0, perRoute));
      // NUL bytes and prototype keys in every parameter and body field: always sent, never sampled away.
      requests.push(...nulAndProtoRequests(path, method.toUpperCase(), operation));
    }
  }
  return requests;
}

const NUL_TEXT = 'a\u0000b';

/** For each path and query parameter and each body field: a NUL byte in it; `__proto__` keys in every body. */
export function nulAndProtoRequests(
  path: string,
  method: string,
  operation: OpenApiOperation,
): FuzzRequest[] {
  const params = operation.parameters ?? [];
  const fill = (values: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? '1'));
  const out: FuzzRequest[] = [];
  const add = (label: string, url: string, extra: Partial<FuzzRequest> = {}) =>
    out.push({ method, url, headers: {}, label, ...extra });
  for (const p of params.filter((x) => x.in === 'path'))
    add(`NUL in path ${p.name}`, fill({ [p.name]: NUL_TEXT }));
  for (const p of params.filter((x) => x.in === 'query')) {
    add(`NUL in query ${p.name}`, `${fill()}?${encodeURIComponent(p.name)}=${encodeURIComponent(NUL_TEXT)}`);
    add(`NUL in query name ${p.name}`, `${fill()}?${encodeURIComponent(p.name + '\u0000')}=1`);
  }
  add('query __proto__ keys', `${fill()}?__proto__=${encodeURIComponent(NUL_TEXT)}&__proto__[x]=1`);
  if (!['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) return out;
  const content = operation.requestBody?.content ?? {};
  const fields = Object.keys(Object.values(content)[0]?.schema?.properties ?? {});
  const names = fields.length > 0 ? fields : ['value'];
  const json = (payload: string, label: string) =>
    add(label, fill(), { headers: { 'content-type': 'application/json' }, payload });
  const form = (payload: string, label: string) =>
    add(label, fill(), { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });
  for (const name of names) {
    json(JSON.stringify({ [name]: [NUL_TEXT], [NUL_TEXT]: 1 }), `NUL in json ${name}`);
    json(
      `{"${name}":{"__proto__":{"polluted":1}},"__proto__":{"polluted":1}}`,
      `__proto__ under json ${name}`,
    );
    form(
      `${encodeURIComponent(name)}=${encodeURIComponent(NUL_TEXT)}&${encodeURIComponent(name)}[__proto__]=1`,
      `NUL in form ${name}, __proto__`,
    );
  }
  json(`{"__proto__":"${'a\\u0000b'}"}`, 'json __proto__ with NUL');
  form(`__proto__=${encodeURIComponent(NUL_TEXT)}`, 'form __proto__ with NUL');
  return out;
}

function routeRequests(
  path: string,
  method: string,
  operation: OpenApiOperation,
  pick: <T>(list: readonly T[]) => T,
): FuzzRequest[] {
  const params = operation.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
  const queryParams = params.filter((p) => p.in === 'query').map((p) => p.name);
  const fill = (values: Record<string, string> = {}) =>
    path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? '1'));
  const out: FuzzRequest[] = [];
  const add = (label: string, url: string, extra: Partial<FuzzRequest> = {}) =>
    out.push({ method, url, headers: {}, label, ...extra });

  for (const name of pathParams) {
    for (const value of HOSTILE_VALUES) add(`path ${name}=${value.slice(0, 20)}`, fill({ [name]: value }));
  }
  for (const name of queryParams) {
    for (const value of HOSTILE_VALUES) {
      add(
        `query ${name}=${value.slice(0, 20)}`,
        `${fill()}?${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
      );
    }
    add(`query ${name} twice`, `${fill()}?${name}=1&${name}=2`);
    add(`query ${name}[]`, `${fill()}?${name}[]=1&${name}[]=2`);
    add(`query ${name}[a]`, `${fill()}?${name}[a]=1`);
  }
  for (const tail of RAW_QUERY_TAILS) add(`raw query ${tail}`, `${fill()}?${tail}`);
  for (let i = 0; i < 6; i++) {
    const query = queryParams.map(
      (n) => `${encodeURIComponent(n)}=${encodeURIComponent(pick(HOSTILE_VALUES))}`,
    );
    add('query all hostile', `${fill()}?${query.join('&')}`);
  }
  for (const auth of HOSTILE_AUTH)
    add(`authorization ${auth.slice(0, 20)}`, fill(), { headers: { authorization: auth } });
  for (const app of HOSTILE_APP_HEADERS) {
    add(`x-app ${app}`, fill(), { headers: { 'x-app': app } });
    add(`x-app-session ${app}`, fill(), { headers: { 'x-app-session': `Bearer ${app}` } });
  }
  add('accept-language garbage', fill(), { headers: { 'accept-language': '*;q=x,,;;' + 'z'.repeat(300) } });
  add('unknown host', fill(), { headers: { host: 'nowhere.example' } });

  if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
    const content = operation.requestBody?.content ?? {};
    const fields = Object.keys(Object.values(content)[0]?.schema?.properties ?? {});
    for (const [type, payload, label] of bodyVariants(fields, pick)) {
      add(`body ${label}`, fill(), { headers: { 'content-type': type }, payload });
    }
  }
  return out;
}
