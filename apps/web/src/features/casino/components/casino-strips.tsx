import { useTranslation } from '@/lib/i18n';
import { Link } from '@/components/ui/link';
import type { CasinoProvider } from '@sb/contract';
import { CASINO_PAGE_SIZE } from '@sb/contract/constants';
import { useAppContext } from '@/lib/app-context';
import { useCasinoGames } from '../api/get-casino-games';
import { useRecentGames } from '../api/get-recent-games';
import { GameStrip } from './game-strip';
import { providerQueryString } from './provider-query';

/** The logged-in client's recently played games (left out when there are none, or for visitors). */
export function RecentStrip() {
  const { t } = useTranslation();
  const query = useRecentGames();
  if (query.isPending) return null;
  return (
    <GameStrip
      title={t('lobby.recently_played')}
      games={query.data}
      pending={false}
      failed={query.isError}
      testId="recent-strip"
    />
  );
}

function ProviderStrip({ provider, isLive }: { provider: CasinoProvider; isLive?: boolean }) {
  const { t } = useTranslation();
  const { locale } = useAppContext();
  const query = useCasinoGames(
    { perPage: CASINO_PAGE_SIZE.providerStrip, providers: [provider.id], isLive },
    locale,
  );
  const total = query.data?.pagination.totalCount ?? 0;
  return (
    <GameStrip
      title={provider.name}
      games={query.data?.result}
      pending={query.isPending}
      failed={query.isError}
      testId="provider-strip"
      more={
        total > (query.data?.result.length ?? 0) && (
          <Link
            className="casino-heading__more"
            to={providerQueryString([provider.id])}
            onClick={() => window.scrollTo(0, 0)}
          >
            {t('lobby.show_all', { count: total })}
          </Link>
        )
      }
    />
  );
}

/** One strip of 7 per provider (spec §2), each with a link to that provider's full paged list. */
export function ProviderStrips({ providers, isLive }: { providers: CasinoProvider[]; isLive?: boolean }) {
  return (
    <>
      {providers.map((provider) => (
        <ProviderStrip key={provider.id} provider={provider} isLive={isLive} />
      ))}
    </>
  );
}
