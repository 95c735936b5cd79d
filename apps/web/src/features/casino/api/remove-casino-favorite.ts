import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CasinoGameListResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';
import { casinoFavoritesQuery } from './get-casino-favorites';

/** Removes a game from the favourites; the server answers the new list. */
export const removeCasinoFavorite = (gameId: number) =>
  apiRequest<CasinoGameListResponse>('api', `/api/v1/casino/favorites/${gameId}`, { method: 'DELETE' });

export function useRemoveCasinoFavorite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCasinoFavorite,
    onSuccess: (data) => queryClient.setQueryData(casinoFavoritesQuery().queryKey, data.result),
  });
}
