// Bet builder legs a test can rely on being offered: chosen from what the price endpoint answers.
import type { TestServer } from './server';

/**
 * The first of `candidates` (leg ids of one event, in the test's order of preference) that the price endpoint
 * offers, with its quoted odd. A builder's price follows the event's drawn strengths and squads (which event a test
 * gets depends on the clock), so fixed player legs can price outside the band [1.02, PRICE_MAX_ODD) and be refused
 * with 409 `not_offered`. Each candidate is asked once, in order (a search over combinations, never a retry of
 * one): a `not_offered` refusal moves on to the next, any other answer than 200 fails at once, and when none is
 * offered the error names how many were refused.
 */
export async function offeredBuilder(
  server: { app: TestServer['app'] },
  eventId: number,
  candidates: Iterable<number[]> | AsyncIterable<number[]>,
  host = 'localhost',
): Promise<{ legs: number[]; odd: number }> {
  let refused = 0;
  for await (const legs of candidates) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/v1/bet-builder/price',
      headers: { host, 'content-type': 'application/json' },
      payload: JSON.stringify({ eventId, oddIds: legs }),
    });
    if (res.statusCode === 200) return { legs, odd: (res.json().result as { odd: number }).odd };
    if (res.statusCode !== 409 || res.json().error !== 'not_offered')
      throw new Error(`builder ${legs.join(',')} of event ${eventId}: ${res.statusCode} ${res.body}`);
    refused++;
  }
  throw new Error(`event ${eventId}: none of the ${refused} candidate builders is offered within the band`);
}
