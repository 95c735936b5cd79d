import type {
  CrashBetResponse,
  CrashChainResponse,
  CrashClientSeedResponse,
  CrashFairnessResponse,
  CrashHistoryResponse,
  CrashRoundsResponse,
  CrashSessionResponse,
  CrashStateResponse,
} from '@sb/contract';
import { ApiError, apiRequest } from '@/lib/api-client';

/** The crash game's HTTP calls (apps/server/src/modules/casino/README.md, "Crash game"). */
export const crashApi = {
  openSession: async (demo: boolean) =>
    (
      await apiRequest<CrashSessionResponse>('api', '/api/v1/crash/sessions', {
        method: 'POST',
        body: { demo },
        auth: !demo,
      })
    ).result,
  state: async (sessionId: string) =>
    (await apiRequest<CrashStateResponse>('api', '/api/v1/crash/state', { query: { sessionId } })).result,
  bet: async (body: {
    sessionId: string;
    roundId: number;
    slot: 0 | 1;
    stake: number;
    autoCashout: number | null;
  }) => (await apiRequest<CrashBetResponse>('api', '/api/v1/crash/bets', { method: 'POST', body })).result,
  cashout: async (sessionId: string, betId: number) =>
    (
      await apiRequest<CrashBetResponse>('api', '/api/v1/crash/cashout', {
        method: 'POST',
        body: { sessionId, betId },
      })
    ).result,
  history: async (sessionId: string) =>
    (await apiRequest<CrashHistoryResponse>('api', '/api/v1/crash/history', { query: { sessionId } })).result,
  /** Gives the chain collecting them a client seed (the first of a session per chain stands). */
  clientSeed: async (sessionId: string, seed: string) =>
    (
      await apiRequest<CrashClientSeedResponse>('api', '/api/v1/crash/client-seeds', {
        method: 'POST',
        body: { sessionId, seed },
      })
    ).result,
  chain: async (id: number) =>
    (await apiRequest<CrashChainResponse>('api', `/api/v1/crash/chains/${id}`, { auth: false })).result,
  fairness: async () =>
    (await apiRequest<CrashFairnessResponse>('api', '/api/v1/crash/fairness', { auth: false })).result,
  rounds: async (limit: number) =>
    (await apiRequest<CrashRoundsResponse>('api', '/api/v1/crash/rounds', { query: { limit }, auth: false }))
      .result,
};

/** An error answer as the player reads it: the server's message (clear, in English) or a translated fallback. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return (error.body as { message?: string }).message ?? fallback;
  return fallback;
}
