import type { ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { Icon, type IconName } from './icon';
import './tile.css';

/** A square-ish shortcut link (home and sports browse tiles): icon, label and an optional count. */
export function Tile({
  to,
  icon,
  label,
  count,
}: {
  to: string;
  icon: IconName;
  label: ReactNode;
  count?: number;
}) {
  return (
    <Link className="ui-tile" to={to}>
      <Icon name={icon} size={22} />
      <span className="ui-tile__label">{label}</span>
      {count !== undefined && <span className="ui-tile__count">{count}</span>}
    </Link>
  );
}

/** A horizontally scrolling row of tiles. */
export function TileRow({ children, label }: { children: ReactNode; label: string }) {
  return (
    <nav className="ui-tile-row" aria-label={label}>
      {children}
    </nav>
  );
}
