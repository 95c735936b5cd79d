import type { OpsMargins, OpsPickLists } from '@sb/contract';
import { percentNumber } from '../../api';
import { dateTime } from '../../app/format';
import type { Lang } from '../../i18n';
import type { MarginTexts } from '../../margins-texts';
import type { RiskTexts } from '../../risk-texts';

/** The margins set: brand, sport, family, margin and when, each removable by a trader. */
export function MarginsTable(props: {
  m: MarginTexts;
  r: RiskTexts;
  lang: Lang;
  canTrade: boolean;
  picks: OpsPickLists;
  view: OpsMargins;
  familyName: (f: string | null) => string;
  onRemove: (row: OpsMargins['margins'][number]) => void;
}) {
  const { m, r, lang, canTrade, picks, view, familyName, onRemove } = props;
  const sportName = (id: number | null) =>
    id === null ? m.every : (view.sports.find((s) => s.id === id)?.name[lang] ?? String(id));
  return (
    <table>
      <thead>
        <tr>
          <th>{m.brand}</th>
          <th>{m.sport}</th>
          <th>{m.family}</th>
          <th className="num">{m.margin}</th>
          <th>{m.updated}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {view.margins.length === 0 && (
          <tr>
            <td colSpan={6}>{m.noMargins}</td>
          </tr>
        )}
        {view.margins.map((row) => (
          <tr key={`${row.brandId}:${row.sportId}:${row.family}`}>
            <td>{picks.brands.find((b) => b.id === row.brandId)?.name ?? '…'}</td>
            <td>{sportName(row.sportId)}</td>
            <td>{familyName(row.family)}</td>
            <td className="num">{percentNumber(row.marginBp)}</td>
            <td>{dateTime(lang, row.updatedAt)}</td>
            <td className="num">
              <button disabled={!canTrade} onClick={() => onRemove(row)}>
                {r.remove}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
