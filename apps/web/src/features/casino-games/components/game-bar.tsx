import { useTranslation } from '@/lib/i18n';
import { useNavigate } from 'react-router';
import type { GameSession } from '@sb/contract';
import { Icon } from '@/components/ui/icon';
import { useLocalePath } from '@/lib/app-context';
import { formatUserMoney } from '@/lib/money';

/** The game page's top bar: close, the game's name and studio, and the balance (real or fun money). */
export function GameBar({ session }: { session: GameSession }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const to = useLocalePath();
  const close = () => {
    // playnow opened this tab: close it; when the browser refuses (opened directly), go to the casino.
    window.close();
    window.setTimeout(() => navigate(to(session.kind === 'roulette' ? '/live-casino' : '/casino')), 150);
  };
  return (
    <header className="game-bar">
      <button type="button" className="game-bar__close" onClick={close} aria-label={t('casino.play.close')}>
        <Icon name="close" />
      </button>
      <div className="game-bar__title">
        <h1>{session.game.name}</h1>
        <p>{session.game.vendor.name}</p>
      </div>
      <div className="game-bar__balance" data-testid="game-balance" data-amount={session.balance}>
        <span>{session.demo ? t('casino.play.fun_money') : t('casino.play.balance')}</span>
        <strong>{formatUserMoney(session.balance, session.currency)}</strong>
      </div>
    </header>
  );
}
