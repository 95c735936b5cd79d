import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n';
import { Navigate, useParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { PageMessage } from '@/components/ui/page-message';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useLocalePath } from '@/lib/app-context';
import { useGameSession } from './api/get-game-session';
import { GameBar } from './components/game-bar';
import { GameInfo } from './components/game-info';
import { RoundHistory } from './components/round-history';
import { RouletteGame } from './components/roulette-game';
import { SlotGame } from './components/slot-game';
import './casino-games.css';

function SessionProblem({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const status = error instanceof ApiError ? error.status : 0;
  const text =
    status === 401
      ? t('casino.play.login_needed')
      : status === 410
        ? t('casino.play.session_ended')
        : status === 404 || status === 400
          ? t('casino.play.not_found')
          : t('casino.error.generic');
  return (
    <PageMessage
      role="alert"
      title={t('processing.error')}
      text={text}
      action={
        <Link
          className="ui-button ui-button--primary play-link-button"
          to={to(status === 401 ? '/login' : '/casino')}
        >
          {status === 401 ? t('route.login') : t('casino.play.back_to_casino')}
        </Link>
      }
    />
  );
}

/** The game page playnow opens in a new tab: full screen, one game session (slot or a roulette seat). */
export function PlayPage() {
  const { t } = useTranslation();
  const { sessionId = '' } = useParams();
  const query = useGameSession(sessionId);
  const toPath = useLocalePath();
  useEffect(() => {
    if (query.data) document.title = query.data.session.game.name;
  }, [query.data]);
  if (query.isError) return <SessionProblem error={query.error} />;
  if (!query.data) return <Spinner label={t('app.loading')} />;
  const { session, slot } = query.data;
  // The crash game is a shared screen of the app (playnow with gameId=aviator leads there).
  if (session.kind === 'crash') return <Navigate to={toPath('/aviator')} replace />;
  return (
    <main className="play-page" data-testid="play-page" data-kind={session.kind}>
      <GameBar session={session} />
      <GameInfo session={session} />
      {slot ? <SlotGame session={session} layout={slot} /> : <RouletteGame session={session} />}
      <RoundHistory session={session} />
    </main>
  );
}
