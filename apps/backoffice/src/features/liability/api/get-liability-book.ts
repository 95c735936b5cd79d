import type { OpsLiabilityBook } from '@sb/contract';
import { call } from '../../../api';

/** What the book is narrowed to and how its events are ordered (the view's query string, start times as ISO). */
export interface BookQuery {
  sport?: string;
  competition?: string;
  from?: string;
  to?: string;
  sort?: string;
}

/** `GET /ops/v1/liability/book`: the open book by event, sport, competition and client. */
export function getLiabilityBook(q: BookQuery): Promise<OpsLiabilityBook> {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v) query.set(k, v);
  const text = query.toString();
  return call('GET', `/ops/v1/liability/book${text ? `?${text}` : ''}`);
}
