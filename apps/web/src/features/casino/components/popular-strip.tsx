import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { CASINO_PAGE_SIZE } from '@sb/contract/constants';
import { useAppContext } from '@/lib/app-context';
import { useCasinoGames } from '../api/get-casino-games';
import { GameStrip } from './game-strip';

// In a file of its own: home loads it (through home-popular-games.tsx) without the casino pages' other strips.

/** Casino page and home: the popular games (`isPopular=1`, 14). */
export function PopularStrip({
  title,
  more,
  hideOnError,
}: {
  title?: string;
  more?: ReactNode;
  hideOnError?: boolean;
}) {
  const { t } = useTranslation();
  const { locale } = useAppContext();
  const query = useCasinoGames({ perPage: CASINO_PAGE_SIZE.default, isPopular: true }, locale);
  return (
    <GameStrip
      title={title ?? t('lobby.popular_games')}
      games={query.data?.result}
      pending={query.isPending}
      failed={query.isError}
      placeholders={2}
      testId="popular-strip"
      more={more}
      hideOnError={hideOnError}
    />
  );
}
