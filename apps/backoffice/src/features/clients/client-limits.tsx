import type { OpsClient360 } from '@sb/contract';
import { money } from '../../api';
import { dateTime } from '../../app/format';
import type { Lang } from '../../i18n';
import type { RiskTexts } from '../../risk-texts';

/** The stake limits that apply to the client, each times their stake factor. */
export function ClientStakeLimits({ r, page }: { r: RiskTexts; page: OpsClient360 }) {
  return (
    <section className="panel">
      <h3>{r.effectiveLimits}</h3>
      <table>
        <tbody>
          {page.stakeLimits.length === 0 && (
            <tr>
              <td>{r.noLimits}</td>
            </tr>
          )}
          {page.stakeLimits.map((l) => (
            <tr key={`${l.level}:${l.brandId}:${l.refId}`}>
              <td>
                {r.levels[l.level]} {l.refId ?? ''}
              </td>
              <td className="num">
                {money(l.amount)} × {page.risk.stakeFactor}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The client's own responsible-gambling limits (with any pending change), reality check and exclusion. */
export function ClientResponsibleGambling({
  r,
  lang,
  page,
}: {
  r: RiskTexts;
  lang: Lang;
  page: OpsClient360;
}) {
  const rg = page.responsibleGambling;
  return (
    <section className="panel" data-testid="client-rg">
      <h3>{r.responsibleGambling}</h3>
      <table>
        <tbody>
          {rg?.limits.length === 0 && (
            <tr>
              <td>{r.noRgLimits}</td>
            </tr>
          )}
          {rg?.limits.map((l) => (
            <tr key={`${l.type}:${l.period}`}>
              <td>
                {l.type} · {l.period}
              </td>
              <td className="num">{l.amount === null ? '—' : money(l.amount)}</td>
              <td className="num">{l.pendingAmount !== null && `${r.pending}: ${money(l.pendingAmount)}`}</td>
            </tr>
          ))}
          <tr>
            <td>{r.realityCheck}</td>
            <td className="num" colSpan={2}>
              {rg?.realityCheckMinutes ? r.minutes(rg.realityCheckMinutes) : r.none}
            </td>
          </tr>
          <tr>
            <td>{r.exclusion}</td>
            <td className="num" colSpan={2}>
              {rg?.exclusion
                ? `${rg.exclusion.kind}, ${r.until} ${dateTime(lang, rg.exclusion.until)}`
                : r.none}
            </td>
          </tr>
        </tbody>
      </table>
    </section>
  );
}
