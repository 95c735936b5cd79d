import type { FastifyInstance, FastifyRequest } from 'fastify';
import Busboy from '@fastify/busboy';
import { parse as parseQueryString } from 'fast-querystring';
import { HttpError } from './errors';

/** Largest form body (urlencoded or multipart), and largest single field, in bytes. */
export const FORM_BODY_LIMIT_BYTES = 32 * 1024;
export const FORM_FIELD_LIMIT_BYTES = 16 * 1024;
/** Most fields one form may carry (a 25-selection bet slip, bracket-encoded, needs ~160). */
export const FORM_MAX_FIELDS = 400;

/** A parsed form: field name → value (a repeated name gives a list). No prototype, so no pollution. */
export type FormFields = Record<string, string | string[]>;

/** Names that would reach an object's prototype once a schema copies the record. */
const FORBIDDEN_KEY = /(^|\[)(__proto__|constructor|prototype)(\]|\[|$)/;

const invalidForm = (message: string, field = 'body') => new HttpError(400, 'invalid_body', message, field);
const fieldTooLarge = (name: string) =>
  new HttpError(413, 'field_too_large', `field "${name}" is over ${FORM_FIELD_LIMIT_BYTES} bytes`, name);

function addField(fields: FormFields, name: string, value: string): void {
  if (FORBIDDEN_KEY.test(name)) throw invalidForm(`field name "${name}" is not allowed`, name);
  const existing = fields[name];
  if (existing === undefined) fields[name] = value;
  else fields[name] = Array.isArray(existing) ? [...existing, value] : [existing, value];
}

/** urlencoded → fields; the same rules as multipart (forbidden names, field and count limits). */
export function parseUrlencoded(body: string): FormFields {
  const fields: FormFields = Object.create(null) as FormFields;
  const parsed = parseQueryString(body) as Record<string, unknown>;
  let count = 0;
  for (const name of Object.keys(parsed)) {
    const values = ([] as unknown[]).concat(parsed[name]);
    for (const value of values) {
      if (++count > FORM_MAX_FIELDS) throw invalidForm(`more than ${FORM_MAX_FIELDS} fields`);
      const text = String(value);
      if (Buffer.byteLength(text) > FORM_FIELD_LIMIT_BYTES) throw fieldTooLarge(name);
      addField(fields, name, text);
    }
  }
  return fields;
}

/** A multipart parser for the request's boundary, with the form limits; throws when the header is malformed. */
function multipartParser(request: FastifyRequest): InstanceType<typeof Busboy> {
  return new Busboy({
    headers: request.headers as { 'content-type': string },
    limits: {
      fieldSize: FORM_FIELD_LIMIT_BYTES,
      fields: FORM_MAX_FIELDS,
      files: 0,
      parts: FORM_MAX_FIELDS,
    },
  });
}

/**
 * multipart/form-data → fields. Only fields (the web's FormData): a file part, a missing or empty boundary,
 * a truncated body, a field over the size limit or too many fields is refused with a 4xx naming the cause.
 */
function parseMultipart(request: FastifyRequest, payload: NodeJS.ReadableStream): Promise<FormFields> {
  return new Promise((resolve, reject) => {
    let parser: InstanceType<typeof Busboy>;
    try {
      parser = multipartParser(request);
    } catch (error) {
      reject(invalidForm(`malformed multipart body: ${(error as Error).message}`));
      return;
    }
    const fields: FormFields = Object.create(null) as FormFields;
    let failed = false;
    const fail = (error: HttpError) => {
      if (failed) return;
      failed = true;
      payload.unpipe(parser);
      payload.resume(); // drain what is left so the connection can answer
      reject(error);
    };
    parser.on('field', (name: string, value: string, nameTruncated: boolean, valueTruncated: boolean) => {
      if (failed) return;
      if (nameTruncated || valueTruncated) {
        fail(fieldTooLarge(name));
        return;
      }
      try {
        addField(fields, name, value);
      } catch (error) {
        fail(error as HttpError);
      }
    });
    parser.on('file', (name: string, stream: NodeJS.ReadableStream) => {
      stream.resume();
      fail(invalidForm('file uploads are not accepted', name));
    });
    const tooMany = () => fail(invalidForm(`more than ${FORM_MAX_FIELDS} fields`));
    parser.on('fieldsLimit', tooMany);
    parser.on('partsLimit', tooMany);
    parser.on('filesLimit', () => fail(invalidForm('file uploads are not accepted')));
    parser.on('error', (error: Error) => fail(invalidForm(`malformed multipart body: ${error.message}`)));
    parser.on('finish', () => {
      if (!failed) resolve(fields);
    });
    let received = 0;
    payload.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > FORM_BODY_LIMIT_BYTES)
        fail(new HttpError(413, 'body_too_large', `body is over ${FORM_BODY_LIMIT_BYTES} bytes`));
    });
    payload.on('error', (error: Error) => fail(invalidForm(`body could not be read: ${error.message}`)));
    payload.pipe(parser);
  });
}

/**
 * Every request body the API accepts: JSON (an empty body is no body, so action calls without a payload may
 * still send Content-Type: application/json), urlencoded forms and multipart FormData (fields only).
 * Every parse failure is a 4xx with the JSON error body, never a 500.
 */
export function registerBodyParsers(app: FastifyInstance): void {
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
    body === '' ? done(null, undefined) : defaultJson(request, String(body), done),
  );
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT_BYTES },
    (_request, body, done) => {
      try {
        done(null, parseUrlencoded(String(body)));
      } catch (error) {
        done(error as Error, undefined);
      }
    },
  );
  app.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (declared > FORM_BODY_LIMIT_BYTES) {
      done(new HttpError(413, 'body_too_large', `body is over ${FORM_BODY_LIMIT_BYTES} bytes`), undefined);
      return;
    }
    parseMultipart(request, payload).then(
      (fields) => done(null, fields),
      (error: Error) => done(error, undefined),
    );
  });
}
