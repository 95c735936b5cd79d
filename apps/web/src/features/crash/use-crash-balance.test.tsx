import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { jsonResponse, loggedInQueryClient, renderScreen, TEST_USER } from '@/test/render';
import { useCrashBalance, type CrashSession } from './use-crash-balance';

const TRY = { symbol: '₺', position: 'before' as const, iso_code: 'TRY' };
let api: ReturnType<typeof useCrashBalance> | null = null;

function Balance({ session }: { session: CrashSession }) {
  api = useCrashBalance(session);
  return <span data-testid="crash-balance">{api.text}</span>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  api = null;
});

// Issue 33 item 4: the crash screen kept its own balance ("1,000.00 TRY") that lagged the header's until the
// round ended.
describe('useCrashBalance', () => {
  it("real money shows the header's balance, and a bet's answer refreshes that one source", async () => {
    const fetchMock = vi.fn(async (_url: string) =>
      jsonResponse(200, {
        result: { user: { ...TEST_USER, balance: 500_00 }, app: { meta: { title: 't' } } },
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await renderScreen(<Balance session={{ id: 's', currency: TRY, demo: false }} />, {
      queryClient: loggedInQueryClient(),
    });
    expect(screen.getByTestId('crash-balance')).toHaveTextContent('₺123,456.78');
    act(() => api!.answered(999)); // the game's own figure is not shown: the session is read again
    expect(await screen.findByText('₺500.00')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]![0])).toContain('/api/get/session');
  });

  it('fun money shows the crash session balance with the currency symbol', async () => {
    await renderScreen(<Balance session={{ id: 's', currency: TRY, demo: true }} />);
    act(() => api!.answered(1_000_00));
    expect(screen.getByTestId('crash-balance')).toHaveTextContent('₺1,000.00');
  });
});
