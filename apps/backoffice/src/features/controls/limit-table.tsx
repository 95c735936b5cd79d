import { money } from '../../api';
import type { Texts } from '../../i18n';
import { DEFAULT_LIABILITY_LIMIT, type Limit } from '../../risk-api';
import type { RiskTexts } from '../../risk-texts';

/**
 * The limits of one kind: level, brand, target and amount, each removable with the form's reason. Without a
 * platform liability limit of its own, the default one is shown (muted) as the one in force.
 */
export function LimitTable({
  t,
  r,
  kind,
  limits,
  canRemove,
  onRemove,
}: {
  t: Texts;
  r: RiskTexts;
  kind: Limit['kind'];
  limits: Limit[];
  canRemove: boolean;
  onRemove: (e: { preventDefault(): void }, l: Limit) => void;
}) {
  const rows = limits.filter((l) => l.kind === kind);
  return (
    <table data-testid={`limits-${kind}`}>
      <thead>
        <tr>
          <th>{r.level}</th>
          <th>{t.brand}</th>
          <th>{r.target}</th>
          <th className="num">{r.amount}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {kind === 'liability' && !rows.some((l) => l.level === 'platform') && (
          <tr className="muted">
            <td>{r.levels.platform}</td>
            <td>{r.everyBrand}</td>
            <td>{r.defaultLiability}</td>
            <td className="num">{money(DEFAULT_LIABILITY_LIMIT)}</td>
            <td />
          </tr>
        )}
        {rows.length === 0 && kind === 'stake' && (
          <tr>
            <td colSpan={5}>{r.noLimits}</td>
          </tr>
        )}
        {rows.map((l) => (
          <tr key={`${l.level}:${l.brandId}:${l.refId}`}>
            <td>{r.levels[l.level]}</td>
            <td>{l.brandId === null ? r.everyBrand : (l.brandName ?? l.brandId)}</td>
            <td>{l.target?.[t.lang] ?? l.refId ?? '—'}</td>
            <td className="num">{money(l.amount)}</td>
            <td className="num">
              <button disabled={!canRemove} onClick={(e) => onRemove(e, l)}>
                {r.remove}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
