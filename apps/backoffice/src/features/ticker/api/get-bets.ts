import type { OpsTickerBet } from '@sb/contract';
import { call } from '../../../api';

/** One page of the ticker (newest first): `GET /ops/v1/bets` with the filters, `before` pages back. */
export const getBets = (query: URLSearchParams): Promise<OpsTickerBet[]> =>
  call('GET', `/ops/v1/bets?${query}`);
