import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from '@/lib/i18n';
import { NavLink } from '@/components/ui/link';
import type { SportCount } from '@sb/contract';
import { SportIcon } from './sport-icon';
import './sports.css';

interface SportBarProps {
  sports: SportCount[] | undefined;
  /** The sport shown now; null for "all sports". */
  active: number | null;
  /** Link of a sport (null: all sports). */
  hrefFor: (sportId: number | null) => string;
  /** Offer an "All" entry first (lists that can show every sport). */
  withAll?: boolean;
}

/** The horizontal sport chooser with event counts (spec §2 sport bar). Holds its height while loading. */
export function SportBar({ sports, active, hrefFor, withAll = false }: SportBarProps) {
  const { t } = useTranslation();
  const total = sports?.reduce((n, s) => n + s.Count, 0);
  const ref = useRef<HTMLElement>(null);
  // The chosen sport is scrolled into the strip's view (it may sit past the phone's edge), before the strip is
  // painted at its start (Preact runs passive effects after the paint).
  useLayoutEffect(() => {
    const bar = ref.current;
    const current = bar?.querySelector<HTMLElement>('[aria-current="page"]');
    if (bar && current) bar.scrollLeft = Math.max(0, current.offsetLeft - 12);
  }, [active, sports]);
  return (
    <nav className="sport-bar" aria-label={t('sports.sport_bar')} ref={ref}>
      {withAll && (
        <NavLink
          to={hrefFor(null)}
          className="sport-bar__item"
          aria-current={active === null ? 'page' : undefined}
          end
        >
          <SportIcon sportId={0} />
          <span className="sport-bar__name">{t('sports.all_sports')}</span>
          {total !== undefined && <span className="sport-bar__count">{total}</span>}
        </NavLink>
      )}
      {sports?.map((s) => (
        <NavLink
          key={s.ID}
          to={hrefFor(s.ID)}
          className="sport-bar__item"
          aria-current={active === s.ID ? 'page' : undefined}
        >
          <SportIcon sportId={s.ID} />
          <span className="sport-bar__name">{s.Sport}</span>
          <span className="sport-bar__count">{s.Count}</span>
        </NavLink>
      ))}
    </nav>
  );
}
