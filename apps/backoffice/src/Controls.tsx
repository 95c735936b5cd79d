import { errorText as sentenceOf } from './app/error-text';
import type { Me } from './app/me';
import type { Texts } from './i18n';
import type { RiskTexts } from './risk-texts';
import './risk.css';
import { usePickLists } from './components/brand-select';
import { may } from './app/may';
import { LimitsPanel } from './features/controls/limits-panel';
import { OverridesPanel } from './features/controls/overrides-panel';
import { useControls } from './features/controls/use-controls';

/** Why a call was refused, as a sentence in the desk's language (app/error-text.ts). */
export const errorText = (t: Texts, e: unknown) => sentenceOf(t.lang, e);

/** Price overrides with an expiry, and the stake and liability limits of every level. */
export function Controls({ t, r, me }: { t: Texts; r: RiskTexts; me: Me }) {
  const canTrade = may(me, 'trade');
  const platform = canTrade && me.brandId === null;
  const picks = usePickLists();
  const { overrides, limits, error, notice, run } = useControls(t, r);

  return (
    <div className="controls">
      {(error || notice) && (
        <div className={error ? 'error' : 'notice'} role={error ? 'alert' : 'status'}>
          {error ?? notice}
        </div>
      )}
      <OverridesPanel t={t} r={r} overrides={overrides} platform={platform} run={run} />
      <LimitsPanel t={t} r={r} me={me} limits={limits} canTrade={canTrade} picks={picks} run={run} />
    </div>
  );
}
