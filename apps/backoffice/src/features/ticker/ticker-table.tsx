import { useMemo, useState } from 'react';
import type { OpsTickerBet } from '@sb/contract';
import { TableState, viewStateOf } from '../../components/view-state';
import { isBigBet, type BigBetSetting } from './big-bet';
import { sortBets, type Sort, type SortKey } from './ticker-query';
import { TickerRow, type TickerRowProps } from './ticker-row';
import type { TickerTexts } from './ticker-texts';

/** The bets as useTickerBets holds them, the operator's big-bet setting, and what a row needs. */
interface TickerTableProps extends TickerRowProps {
  tt: TickerTexts;
  bets: OpsTickerBet[];
  loaded: boolean;
  error: string | null;
  fresh: Set<number>;
  big: BigBetSetting;
  retry: (() => void) | undefined;
}

/** A column header that sorts by it: again reverses; names first A–Z, figures and ids largest first. */
function SortHeader(props: {
  tt: TickerTexts;
  sort: Sort;
  onSort: (update: (s: Sort) => Sort) => void;
  by: SortKey;
  label: string;
  className?: string;
}) {
  const { tt, sort, onSort, by: key, label, className } = props;
  return (
    <th
      className={className}
      aria-sort={sort.key === key ? (sort.desc ? 'descending' : 'ascending') : 'none'}
    >
      <button
        type="button"
        className="sort"
        data-sort={key}
        title={tt.sortBy(label)}
        onClick={() =>
          onSort((s) => ({ key, desc: s.key === key ? !s.desc : key !== 'client' && key !== 'brand' }))
        }
      >
        {label} {sort.key === key ? (sort.desc ? '▼' : '▲') : ''}
      </button>
    </th>
  );
}

/** The ticker's table, sorted by the column the operator chose (newest first until then). */
export function TickerTable(props: TickerTableProps) {
  const { t, tt, bets, loaded, error, fresh, big, retry } = props;
  const [sort, setSort] = useState<Sort>({ key: 'id', desc: true });
  const sorted = useMemo(() => sortBets(bets, sort), [bets, sort]);
  const header = (key: SortKey, label: string, className?: string) => (
    <SortHeader tt={tt} sort={sort} onSort={setSort} by={key} label={label} className={className} />
  );
  return (
    <table data-testid="ticker">
      <thead>
        <tr>
          {header('id', '#')}
          <th>{t.time}</th>
          {header('brand', t.brand)}
          {header('client', t.client)}
          <th>{t.type}</th>
          <th>{t.selections}</th>
          {header('stake', t.stake, 'num')}
          {header('potentialPayout', t.payout, 'num')}
          {header('risk', t.risk, 'num')}
          {header('status', t.status)}
        </tr>
      </thead>
      <tbody>
        <TableState
          colSpan={10}
          state={viewStateOf(loaded, bets.length, error)}
          loading={t.loading}
          empty={t.noBets}
          outage={error}
          retry={t.retry}
          onRetry={retry}
        />
        {loaded &&
          sorted.map((b) => (
            <TickerRow key={b.id} {...props} bet={b} fresh={fresh.has(b.id)} big={isBigBet(b.stake, big)} />
          ))}
      </tbody>
    </table>
  );
}
