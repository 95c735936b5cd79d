import type { BetView } from '@sb/contract';
import { apiRequest } from '@/lib/api-client';

/**
 * `POST /api/v1/bets/{id}/offer/accept|decline`: the client's answer to the desk's counter-offer on a referred bet
 * (take: the lower stake stands and the rest comes back; decline: rejected, the whole stake back).
 */
export async function answerOffer(
  id: number,
  answer: 'accept' | 'decline',
  locale: string,
): Promise<BetView> {
  const data = await apiRequest<{ result: BetView }>('core', `/api/v1/bets/${id}/offer/${answer}`, {
    method: 'POST',
    query: { _locale: locale },
  });
  return data.result;
}
