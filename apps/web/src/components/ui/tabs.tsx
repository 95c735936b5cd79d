import type { ReactNode } from 'react';
import './tabs.css';

export interface TabItem<K extends string | number> {
  key: K;
  label: ReactNode;
  /** Shown but not selectable (spec §2: the Lineups tab is inert). */
  disabled?: boolean;
}

interface TabsProps<K extends string | number> {
  items: readonly TabItem<K>[];
  /** The selected key; null when nothing is selected (a collapsed tab strip). */
  active: K | null;
  onSelect: (key: K) => void;
  label: string;
}

/**
 * A horizontal, scrollable strip of tabs (bet status tabs, market categories, event page tabs). Selecting the
 * active tab again calls `onSelect` with the same key: screens that collapse on a second tap (spec §2, event
 * detail) decide that themselves.
 */
export function Tabs<K extends string | number>({ items, active, onSelect, label }: TabsProps<K>) {
  return (
    <div className="ui-tabs" role="tablist" aria-label={label}>
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          className="ui-tabs__tab"
          aria-selected={item.key === active}
          disabled={item.disabled}
          onClick={() => onSelect(item.key)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
