import type { OpsBrandCasinoGame, OpsBrandCasinoGamePatch } from '@sb/contract';
import { call } from '../../../api';

/** `PATCH /ops/v1/brands/{id}/casino/games/{gameId}`: switch, mark popular or move a game for one brand. */
export const updateBrandCasinoGame = (
  brandId: number,
  gameId: number,
  body: OpsBrandCasinoGamePatch,
): Promise<OpsBrandCasinoGame> => call('PATCH', `/ops/v1/brands/${brandId}/casino/games/${gameId}`, body);
