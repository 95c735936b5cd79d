import type { OpsBetDetail } from '@sb/contract';
import { call } from '../../../api';

/** `GET /ops/v1/bets/{id}/detail`: every leg by name, the money movements and the operators' actions. */
export const getBetDetail = (id: number): Promise<OpsBetDetail> => call('GET', `/ops/v1/bets/${id}/detail`);
