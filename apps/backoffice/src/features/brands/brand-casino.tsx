import { useState } from 'react';
import type { OpsBrand, OpsBrandCasinoGame } from '@sb/contract';
import { errorText } from '../../app/error-text';
import type { Lang } from '../../i18n';
import { getBrandCasino } from './api/get-brand-casino';
import { updateBrandCasinoGame } from './api/update-brand-casino-game';
import { updateBrandCasinoProvider } from './api/update-brand-casino-provider';
import { BRAND_CASINO_TEXTS } from './brand-casino-texts';
import { useBrandSection } from './use-brand-section';
import { CasinoGameRow, Head, ProvidersTable } from './casino-rows';
import { SectionNotice } from './section-notice';

/** Games drawn at once; the search narrows the rest. */
const SHOWN = 60;

/** The games whose name holds what is searched (all of them when nothing is). */
function matchingGames(games: OpsBrandCasinoGame[], find: string, lang: Lang): OpsBrandCasinoGame[] {
  const text = find.trim().toLocaleLowerCase(lang);
  return games.filter((g) => text === '' || g.name.toLocaleLowerCase(lang).includes(text));
}

/**
 * A brand's casino (issue 35 §1): providers and games of the shared catalogue switched on or off for this brand,
 * games moved up or down its lobby, marked popular and put in the popular lists. Each change is saved at once and
 * the list is read again (a move shifts the places around it).
 */
export function BrandCasino({ lang, brand }: { lang: Lang; brand: OpsBrand }) {
  const ct = BRAND_CASINO_TEXTS[lang];
  const {
    data: catalogue,
    error,
    notice,
    busy,
    change: save,
  } = useBrandSection(
    brand.id,
    () => getBrandCasino(brand.id),
    (e) => errorText(lang, e),
    lang,
  );
  const [find, setFind] = useState('');
  const change = (name: string, act: () => Promise<unknown>) => save(ct.saved(name), act);

  const matching = matchingGames(catalogue?.games ?? [], find, lang);
  const last = catalogue?.games.length ?? 0;

  return (
    <section className="brand-casino" data-testid="brand-casino" aria-busy={busy}>
      <h2>{ct.title(brand.name)}</h2>
      <p className="hint">{ct.note}</p>
      <SectionNotice error={error} notice={notice} />
      {!catalogue && !error && <p>{ct.loading}</p>}
      {catalogue && (
        <>
          <h3>{ct.providers}</h3>
          <ProvidersTable
            ct={ct}
            providers={catalogue.providers}
            busy={busy}
            onSet={(p, enabled) => change(p.name, () => updateBrandCasinoProvider(brand.id, p.id, enabled))}
          />
          <h3>{ct.games}</h3>
          <label className="brand-casino__find">
            {ct.find} <input type="search" value={find} onChange={(e) => setFind(e.target.value)} />
          </label>
          {matching.length === 0 && <p>{ct.none}</p>}
          <table data-testid="brand-casino-games">
            <Head cells={[ct.place, ct.game, ct.provider, ct.shown, ct.popular, ct.popularCategories]} />
            <tbody>
              {matching.slice(0, SHOWN).map((g) => (
                <CasinoGameRow
                  key={g.id}
                  ct={ct}
                  game={g}
                  busy={busy}
                  last={last}
                  onPatch={(body) => change(g.name, () => updateBrandCasinoGame(brand.id, g.id, body))}
                />
              ))}
            </tbody>
          </table>
          {matching.length > SHOWN && <p>{ct.more(matching.length - SHOWN)}</p>}
        </>
      )}
    </section>
  );
}
