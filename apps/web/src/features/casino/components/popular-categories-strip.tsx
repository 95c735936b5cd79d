import { useQueries } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import type { CasinoGame } from '@sb/contract';
import { CASINO_PAGE_SIZE, CASINO_POPULAR_CATEGORIES } from '@sb/contract/constants';
import { useAppContext } from '@/lib/app-context';
import { casinoGamesQuery } from '../api/get-casino-games';
import { GameStrip } from './game-strip';

/**
 * Several category lists as one strip: taken in turn (the first of each, then the second of each, …), each game
 * once, at most `limit`. So every popular category shows up near the front.
 */
export function mergeInTurn(lists: readonly (readonly CasinoGame[])[], limit: number): CasinoGame[] {
  const seen = new Set<number>();
  const merged: CasinoGame[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest && merged.length < limit; i++) {
    for (const list of lists) {
      const game = list[i];
      if (game && !seen.has(game.id) && merged.length < limit) {
        seen.add(game.id);
        merged.push(game);
      }
    }
  }
  return merged;
}

/** The games grouped by vendor, in order of first appearance: taken in turn, one provider cannot fill a strip. */
export function byVendor(games: readonly CasinoGame[]): CasinoGame[][] {
  const groups = new Map<number, CasinoGame[]>();
  for (const game of games) {
    const group = groups.get(game.vendor.id);
    if (group) group.push(game);
    else groups.set(game.vendor.id, [game]);
  }
  return [...groups.values()];
}

/**
 * Slots and live casino without a provider query: one popular strip over categories 75, 76, 77, 78, 80 (§9),
 * the categories and then the providers taken in turn, so the strip is a mix rather than the first provider's.
 */
export function PopularCategoriesStrip({ isLive }: { isLive: boolean }) {
  const { t } = useTranslation();
  const { locale } = useAppContext();
  const results = useQueries({
    queries: CASINO_POPULAR_CATEGORIES.map((category) =>
      casinoGamesQuery({ perPage: CASINO_PAGE_SIZE.default, category, isLive }, locale),
    ),
  });
  const pending = results.some((r) => r.isPending);
  const failed = results.every((r) => r.isError);
  const games = pending
    ? undefined
    : mergeInTurn(
        byVendor(
          mergeInTurn(
            results.map((r) => r.data?.result ?? []),
            Infinity,
          ),
        ),
        CASINO_PAGE_SIZE.default,
      );
  return (
    <GameStrip
      title={t('lobby.popular_games')}
      games={games}
      pending={pending}
      failed={failed}
      placeholders={2}
      testId="popular-strip"
    />
  );
}
