import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CasinoGameListResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { casinoFavoritesQuery } from './get-casino-favorites';

/** Adds a game to the favourites; the server answers the new list. */
export const addCasinoFavorite = (gameId: number) =>
  apiRequest<CasinoGameListResponse>('api', '/api/v1/casino/favorites', {
    method: 'POST',
    body: { gameId },
  });

export function useAddCasinoFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCasinoFavorite,
    onSuccess: (data) => queryClient.setQueryData(casinoFavoritesQuery().queryKey, data.result),
  });
}
