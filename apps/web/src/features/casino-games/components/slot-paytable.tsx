import { useTranslation } from '@/lib/i18n';
import type { SlotLayout } from '@sb/contract';
import { SlotSymbol } from './slot-symbol';

/** What each symbol pays at the chosen stake (line pays × line stake), and the wild and scatter rules. */
export function SlotPaytable({
  layout,
  stake,
  money,
}: {
  layout: SlotLayout;
  stake: number;
  money: (n: number) => string;
}) {
  const { t } = useTranslation();
  const lineStake = stake / layout.lines.length;
  const scatter = layout.symbols.find((s) => s.kind === 'scatter');
  return (
    <details className="slot-paytable">
      <summary>{t('casino.slot.paytable')}</summary>
      <p>{t('casino.slot.pays_line')}</p>
      <table>
        <tbody>
          {layout.paytable.map((row) => (
            <tr key={row.symbol}>
              <th scope="row">
                <SlotSymbol symbol={layout.symbols[row.symbol]!} />
              </th>
              {row.pays.map((p, i) => (
                <td key={i}>
                  <small>{i + 3}×</small> {money(p * lineStake)}
                </td>
              ))}
            </tr>
          ))}
          {scatter && (
            <tr>
              <th scope="row">
                <SlotSymbol symbol={scatter} />
              </th>
              {layout.scatterPays.map((p, i) => (
                <td key={i}>
                  <small>{i + 3}×</small> {money(p * stake)}
                </td>
              ))}
            </tr>
          )}
        </tbody>
      </table>
      <p>{t('casino.slot.wild_rule')}</p>
      <p>
        {t('casino.slot.scatter_rule', {
          pays: layout.scatterPays.join('/'),
          count: layout.freeSpins.count,
          multiplier: layout.freeSpins.multiplier,
        })}
      </p>
    </details>
  );
}
