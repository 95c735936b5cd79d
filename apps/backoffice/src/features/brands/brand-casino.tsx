import { useState } from 'react';
import type { OpsBrand, OpsBrandCasinoGame, OpsBrandCasinoGamePatch } from '@sb/contract';
import { CASINO_POPULAR_CATEGORIES } from '@sb/contract/constants';
import { errorText } from '../../app/error-text';
import type { Lang } from '../../i18n';
import { getBrandCasino } from './api/get-brand-casino';
import { updateBrandCasinoGame } from './api/update-brand-casino-game';
import { updateBrandCasinoProvider } from './api/update-brand-casino-provider';
import { BRAND_CASINO_TEXTS } from './brand-casino-texts';
import { useBrandSection } from './use-brand-section';

/** Games drawn at once; the search narrows the rest. */
const SHOWN = 60;

/** A switch saved at once: it shows the saved state, so it changes when the server has the change. */
function Toggle(props: {
  label: string;
  on: boolean;
  busy: boolean;
  onSet: (on: boolean) => Promise<unknown>;
}) {
  return (
    <input
      type="checkbox"
      aria-label={props.label}
      checked={props.on}
      disabled={props.busy}
      onChange={(e) => void props.onSet(e.target.checked)}
    />
  );
}

const Head = ({ cells }: { cells: string[] }) => (
  <thead>
    <tr>
      {cells.map((c) => (
        <th key={c}>{c}</th>
      ))}
    </tr>
  </thead>
);

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
  const patchGame = (g: OpsBrandCasinoGame, body: OpsBrandCasinoGamePatch) =>
    change(g.name, () => updateBrandCasinoGame(brand.id, g.id, body));

  const text = find.trim().toLocaleLowerCase(lang);
  const matching = (catalogue?.games ?? []).filter(
    (g) => text === '' || g.name.toLocaleLowerCase(lang).includes(text),
  );
  const last = catalogue?.games.length ?? 0;

  return (
    <section className="brand-casino" data-testid="brand-casino" aria-busy={busy}>
      <h2>{ct.title(brand.name)}</h2>
      <p className="hint">{ct.note}</p>
      {(error || notice) && (
        <div className={error ? 'error' : 'notice'} role={error ? 'alert' : 'status'}>
          {error ?? notice}
        </div>
      )}
      {!catalogue && !error && <p>{ct.loading}</p>}
      {catalogue && (
        <>
          <h3>{ct.providers}</h3>
          <table data-testid="brand-casino-providers">
            <Head cells={[ct.provider, ct.live, ct.shown]} />
            <tbody>
              {catalogue.providers.map((p) => (
                <tr key={p.id}>
                  <td>{p.name}</td>
                  <td>{p.isLive ? '✓' : ''}</td>
                  <td>
                    <Toggle
                      label={ct.show(p.name)}
                      on={p.enabled}
                      busy={busy}
                      onSet={(enabled) =>
                        change(p.name, () => updateBrandCasinoProvider(brand.id, p.id, enabled))
                      }
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <h3>{ct.games}</h3>
          <label className="brand-casino__find">
            {ct.find} <input type="search" value={find} onChange={(e) => setFind(e.target.value)} />
          </label>
          {matching.length === 0 && <p>{ct.none}</p>}
          <table data-testid="brand-casino-games">
            <Head cells={[ct.place, ct.game, ct.provider, ct.shown, ct.popular, ct.popularCategories]} />
            <tbody>
              {matching.slice(0, SHOWN).map((g) => (
                <tr key={g.id} data-game={g.name}>
                  <td>
                    {g.place}{' '}
                    <button
                      type="button"
                      aria-label={ct.moveUp(g.name)}
                      disabled={busy || g.place === 1}
                      onClick={() => void patchGame(g, { position: g.place - 1 })}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      aria-label={ct.moveDown(g.name)}
                      disabled={busy || g.place === last}
                      onClick={() => void patchGame(g, { position: g.place + 1 })}
                    >
                      ↓
                    </button>
                  </td>
                  <td>{g.name}</td>
                  <td>{g.provider.name}</td>
                  <td>
                    <Toggle
                      label={ct.show(g.name)}
                      on={g.gameEnabled}
                      busy={busy}
                      onSet={(enabled) => patchGame(g, { enabled })}
                    />
                    {g.gameEnabled && !g.enabled && <small> {ct.hiddenByProvider}</small>}
                  </td>
                  <td>
                    <Toggle
                      label={ct.markPopular(g.name)}
                      on={g.popular}
                      busy={busy}
                      onSet={(popular) => patchGame(g, { popular })}
                    />
                  </td>
                  <td>
                    {CASINO_POPULAR_CATEGORIES.map((c) => (
                      <label key={c} className="brand-casino__category">
                        <Toggle
                          label={ct.inList(g.name, c)}
                          on={g.popularCategories.includes(c)}
                          busy={busy}
                          onSet={(on) =>
                            patchGame(g, {
                              popularCategories: on
                                ? [...g.popularCategories, c]
                                : g.popularCategories.filter((x) => x !== c),
                            })
                          }
                        />
                        {ct.category(c)}
                      </label>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {matching.length > SHOWN && <p>{ct.more(matching.length - SHOWN)}</p>}
        </>
      )}
    </section>
  );
}
