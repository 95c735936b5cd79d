import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { GameSession } from '@sb/contract';

/** RTP and volatility (always shown), and the game's rules in a fold. */
export function GameInfo({ session, children }: { session: GameSession; children?: ReactNode }) {
  const { t } = useTranslation();
  // Written with a decimal point like the balance and stakes beside it (spec §9), in Turkish too.
  const rtp = session.game.rtp.toFixed(2);
  return (
    <section className="game-info">
      <dl>
        <div>
          <dt>{t('casino.play.rtp')}</dt>
          <dd data-testid="game-rtp">{rtp} %</dd>
        </div>
        <div>
          <dt>{t('casino.play.volatility')}</dt>
          <dd>{t(`casino.volatility.${session.game.volatility}`)}</dd>
        </div>
        {session.demo && (
          <div>
            <dt className="visually-hidden">{t('casino.play.demo')}</dt>
            <dd className="game-info__demo">{t('casino.play.demo')}</dd>
          </div>
        )}
      </dl>
      {children && (
        <details>
          <summary>{t('casino.play.info')}</summary>
          {children}
        </details>
      )}
    </section>
  );
}
