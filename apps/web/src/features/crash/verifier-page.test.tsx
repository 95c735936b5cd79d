import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderScreen } from '@/test/render';
import { crashApi } from './crash-api';
import { crashPointOf } from './crash-math';
import { VerifierPage } from './verifier-page';

// The server's test vectors (crash-math.test.ts): SHA-256(NEXT) = SECOND, and the points of FIRST and SECOND.
const SALT = '0000000000000000000fa3b65e43e4240d71762a5bf397d5304b2596d116859c';
const FIRST = '4eb92aa36ba40defe6108ebcb67bcb74d74db89bfd6f9d802c2aabed179ea107'; // 4.00×
const SECOND = '1cbd7155b8fa9876f30c306235aaa5aa436898cf29fd4c05848e35fa0749b70d'; // 1.06×
const NEXT = 'f825d0f9e5c543c252729cabf45eb3ca0fa3cc9f7226799612d38e2ec812e6ca';

const round = (id: number, hash: string, crashPoint: number) => ({
  id,
  hash,
  crashPoint,
  startedAt: null,
  status: 'crashed' as const,
});

beforeEach(async () => {
  const rounds = [
    round(12, NEXT, await crashPointOf(NEXT, SALT)),
    round(11, SECOND, 106),
    round(10, FIRST, 400),
  ];
  vi.spyOn(crashApi, 'rounds').mockResolvedValue(rounds);
  vi.spyOn(crashApi, 'fairness').mockResolvedValue({
    salt: SALT,
    terminatingHash: '',
    formula: '',
    rules: { bettingMs: 5000, pauseMs: 3000, maxRoundPayout: 0 },
  } as Awaited<ReturnType<typeof crashApi.fairness>>);
});

afterEach(() => vi.restoreAllMocks());

const verify = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'crash.verify' }));
  return (await screen.findByTestId('verify-result')).textContent;
};

// Issue 33 item 5: a typed round was compared with the prefilled round's point (a false mismatch).
describe('VerifierPage', () => {
  it('compares a typed round with its own published point, looked up by its hash', async () => {
    await renderScreen(<VerifierPage />, { path: '/en/aviator/verify' });
    const hash = screen.getByTestId('verify-hash');
    await vi.waitFor(() => expect(hash).toHaveValue(SECOND)); // prefilled: the latest round but one
    fireEvent.input(hash, { target: { value: FIRST } });
    fireEvent.input(screen.getByLabelText('crash.next_hash'), { target: { value: '' } });
    expect(await verify()).toBe('crash.verify_point — crash.verify_matches');
  });

  it('says when no published round has the typed hash, and verifies a round picked from the chips', async () => {
    await renderScreen(<VerifierPage />, { path: '/en/aviator/verify' });
    const hash = screen.getByTestId('verify-hash');
    await vi.waitFor(() => expect(hash).toHaveValue(SECOND));
    fireEvent.input(hash, { target: { value: 'a'.repeat(64) } });
    expect(await verify()).toContain('crash.verify_unpublished');

    const chips = screen.getByTestId('verify-rounds');
    fireEvent.click(within(chips).getAllByRole('button')[1]!); // round 11, with round 12 as its chain link
    expect(hash).toHaveValue(SECOND);
    expect(screen.getByLabelText('crash.next_hash')).toHaveValue(NEXT);
    expect(await verify()).toBe('crash.verify_point — crash.verify_matchescrash.verify_linked');
  });
});
