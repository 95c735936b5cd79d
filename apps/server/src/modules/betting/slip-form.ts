import { SLIP_LIMITS } from '@sb/betting';
import { slipInputSchema, type SlipInput } from '@sb/contract';
import type { FormFields } from '../../plugins/body-parsers';
import { badRequest } from '../../plugins/errors';

const MAX_INDEX = SLIP_LIMITS.selections - 1;

/**
 * The slip of checkBets and betPlace, bracket-encoded as the original PHP back end read it
 * (`type=3&amount=1000&systems[]=2&bets[0][eventId]=…&bets[0][oddId]=…&bets[0][odd]=2.15&bets[0][banker]=0`),
 * or the same as JSON. A bet builder entry names its selections instead of one (`bets[0][builder]=11,12,13`,
 * `bets[0][odd]` the quoted builder price); it is given its builder's selection id before it is checked. Numbers and flags arrive as text in a form; unknown fields are refused with 400.
 */
export function parseSlip(body: unknown): SlipInput {
  const raw = isForm(body) ? decodeForm(body) : body;
  const parsed = slipInputSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue ? fieldName(issue.path) : 'body';
    throw badRequest(field, `${field}: ${issue?.message ?? 'invalid'}`);
  }
  return parsed.data;
}

const fieldName = (path: PropertyKey[]) =>
  path.map((p, i) => (i === 0 ? String(p) : `[${String(p)}]`)).join('') || 'body';

/** A form body: only text values (JSON slips carry numbers and a list of objects). */
function isForm(body: unknown): body is FormFields {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    Object.values(body).every(
      (v) => typeof v === 'string' || (Array.isArray(v) && v.every((x) => typeof x === 'string')),
    )
  );
}

const number = (field: string, text: string) => {
  if (!/^-?\d+(\.\d+)?$/.test(text)) throw badRequest(field, `${field}: must be a number`);
  return Number(text);
};
const flag = (field: string, text: string) => {
  if (!['0', '1', 'true', 'false'].includes(text)) throw badRequest(field, `${field}: must be 0 or 1`);
  return text === '1' || text === 'true';
};
const one = (field: string, value: string | string[]) => {
  if (Array.isArray(value)) throw badRequest(field, `${field}: given more than once`);
  return value;
};

/** A builder's selections: comma-separated ids (digits only). */
const idList = (field: string, text: string) => {
  if (!/^\d{1,16}(,\d{1,16}){0,15}$/.test(text)) throw badRequest(field, `${field}: comma-separated ids`);
  return text.split(',').map(Number);
};

const ITEM_FIELDS: Record<string, (field: string, text: string) => unknown> = {
  builder: idList,
  eventId: number,
  oddId: number,
  odd: number,
  banker: flag,
  isLive: flag,
  exc: number,
};

/** Bracket form fields → the request object (then checked by the contract's schema). */
function decodeForm(fields: FormFields): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const bets: Record<string, unknown>[] = [];
  for (const [name, value] of Object.entries(fields)) {
    const item = /^bets\[(\d{1,2})\]\[(\w+)\]$/.exec(name);
    if (item) {
      const index = Number(item[1]);
      const key = item[2]!;
      const parse = ITEM_FIELDS[key];
      if (index > MAX_INDEX) throw badRequest('bets', `bets: at most ${SLIP_LIMITS.selections} selections`);
      if (!parse) throw badRequest(name, `${name}: unknown field`);
      bets[index] ??= {};
      bets[index]![key] = parse(name, one(name, value));
      continue;
    }
    if (name === 'systems[]' || name === 'systems') {
      out.systems = ([] as string[]).concat(value).map((v) => number('systems', v));
      continue;
    }
    if (name === 'type' || name === 'amount' || name === 'confirmationType' || name === 'bonusId') {
      out[name] = number(name, one(name, value));
      continue;
    }
    if (name === 'walletType' || name === 'ro' || name === '_locale' || name === 'locale') {
      if (name === 'walletType') out.walletType = one(name, value);
      continue;
    }
    throw badRequest(name, `${name}: unknown field`);
  }
  // A sparse array (bets[0], bets[2]) has fewer keys than its length.
  if (bets.length !== Object.keys(bets).length)
    throw badRequest('bets', 'bets: indexes must run 0, 1, 2, … without gaps');
  out.bets = bets;
  return out;
}
