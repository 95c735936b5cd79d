import type { OpsBrandCasinoGame, OpsBrandCasinoGamePatch, OpsBrandCasinoProvider } from '@sb/contract';
import { CASINO_POPULAR_CATEGORIES } from '@sb/contract/constants';
import type { BrandCasinoTexts } from './brand-casino-texts';

/** A switch saved at once: it shows the saved state, so it changes when the server has the change. */
export function Toggle(props: {
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

/** One game of the brand's lobby: its place (moved up or down, of `last`), shown, popular and its popular lists. */
export function CasinoGameRow(props: {
  ct: BrandCasinoTexts;
  game: OpsBrandCasinoGame;
  busy: boolean;
  last: number;
  onPatch: (body: OpsBrandCasinoGamePatch) => Promise<unknown>;
}) {
  const { ct, game: g, busy, last, onPatch } = props;
  return (
    <tr data-game={g.name}>
      <td>
        {g.place}{' '}
        <button
          type="button"
          aria-label={ct.moveUp(g.name)}
          disabled={busy || g.place === 1}
          onClick={() => void onPatch({ position: g.place - 1 })}
        >
          ↑
        </button>
        <button
          type="button"
          aria-label={ct.moveDown(g.name)}
          disabled={busy || g.place === last}
          onClick={() => void onPatch({ position: g.place + 1 })}
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
          onSet={(enabled) => onPatch({ enabled })}
        />
        {g.gameEnabled && !g.enabled && <small> {ct.hiddenByProvider}</small>}
      </td>
      <td>
        <Toggle
          label={ct.markPopular(g.name)}
          on={g.popular}
          busy={busy}
          onSet={(popular) => onPatch({ popular })}
        />
      </td>
      <td>
        <PopularLists ct={ct} game={g} busy={busy} onPatch={onPatch} />
      </td>
    </tr>
  );
}

/** The game's popular lists, each a switch. */
function PopularLists(props: {
  ct: BrandCasinoTexts;
  game: OpsBrandCasinoGame;
  busy: boolean;
  onPatch: (body: OpsBrandCasinoGamePatch) => Promise<unknown>;
}) {
  const { ct, game: g, busy, onPatch } = props;
  return (
    <>
      {CASINO_POPULAR_CATEGORIES.map((c) => (
        <label key={c} className="brand-casino__category">
          <Toggle
            label={ct.inList(g.name, c)}
            on={g.popularCategories.includes(c)}
            busy={busy}
            onSet={(on) =>
              onPatch({
                popularCategories: on
                  ? [...g.popularCategories, c]
                  : g.popularCategories.filter((x) => x !== c),
              })
            }
          />
          {ct.category(c)}
        </label>
      ))}
    </>
  );
}

export const Head = ({ cells }: { cells: string[] }) => (
  <thead>
    <tr>
      {cells.map((c) => (
        <th key={c}>{c}</th>
      ))}
    </tr>
  </thead>
);

/** The catalogue's providers, each switched on or off for the brand. */
export function ProvidersTable(props: {
  ct: BrandCasinoTexts;
  providers: OpsBrandCasinoProvider[];
  busy: boolean;
  onSet: (provider: OpsBrandCasinoProvider, enabled: boolean) => Promise<unknown>;
}) {
  const { ct, providers, busy } = props;
  return (
    <table data-testid="brand-casino-providers">
      <Head cells={[ct.provider, ct.live, ct.shown]} />
      <tbody>
        {providers.map((p) => (
          <tr key={p.id}>
            <td>{p.name}</td>
            <td>{p.isLive ? '✓' : ''}</td>
            <td>
              <Toggle
                label={ct.show(p.name)}
                on={p.enabled}
                busy={busy}
                onSet={(enabled) => props.onSet(p, enabled)}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
