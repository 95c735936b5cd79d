import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { Skeleton } from '@/components/ui/skeleton';
import './sports.css';

export interface CountItem {
  key: number;
  to: string;
  name: string;
  count: number;
  /** Shown before the name: a flag or a sport icon. */
  lead?: ReactNode;
  /** Shown after the count, outside the link: a favourite star. */
  trail?: ReactNode;
}

/** Links with event counts (sports, regions, competitions); skeleton rows of the same height while loading. */
export function CountList({
  items,
  label,
  skeletonRows = 6,
}: {
  items: CountItem[] | undefined;
  label: string;
  skeletonRows?: number;
}) {
  if (!items) {
    return (
      <ul className="count-list" aria-label={label} aria-busy="true">
        {Array.from({ length: skeletonRows }, (_, i) => (
          // Keys of their own: a skeleton row is never reused (and moved) as the row of the item with id i.
          <li key={`skeleton-${i}`} className="count-list__item">
            <Skeleton height={16} width="60%" />
          </li>
        ))}
      </ul>
    );
  }
  return (
    <ul className="count-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.key} className="count-list__item">
          <Link className="count-list__link" to={item.to}>
            {item.lead}
            <span className="count-list__name">{item.name}</span>
            <span className="count-list__count">{item.count}</span>
          </Link>
          {item.trail}
        </li>
      ))}
    </ul>
  );
}
