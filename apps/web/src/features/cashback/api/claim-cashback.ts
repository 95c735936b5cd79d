import { useMutation } from '@tanstack/react-query';
import type { CashbackResponse } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';

/** POST claims the claimable cashback into the balance (empty body, same answer shape). */
export const claimCashback = () =>
  apiRequest<CashbackResponse>('api', '/api/v2/cashback/sports', { method: 'POST' });

export const useClaimCashback = (onClaimed: () => void) =>
  useMutation({ mutationFn: claimCashback, onSuccess: onClaimed });
