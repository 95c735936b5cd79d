import { useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { CasinoProvider } from '@sb/contract';
import { Icon } from '@/components/ui/icon';
import { ProviderFilterPopup } from './provider-filter-popup';

interface ProviderBarProps {
  providers: CasinoProvider[];
  selected: readonly number[];
  onChoose: (ids: readonly number[]) => void;
  /** The row of provider buttons (slots and live casino); the casino page has only the filter button. */
  showRow?: boolean;
}

/**
 * The provider filter button (opening the Filter popup) and, on the slots and live-casino pages, the row of
 * provider buttons: a button shows that provider's games alone, tapped again (or All) it shows every provider.
 */
export function ProviderBar({ providers, selected, onChoose, showRow = true }: ProviderBarProps) {
  const { t } = useTranslation();
  const [filterOpen, setFilterOpen] = useState(false);
  const only = selected.length === 1 ? selected[0] : undefined;
  return (
    <div className={`provider-bar${showRow ? '' : ' provider-bar--compact'}`}>
      <button
        type="button"
        className="provider-chip provider-chip--filter"
        aria-haspopup="dialog"
        aria-label={showRow ? undefined : t('lobby.filter')}
        onClick={() => setFilterOpen(true)}
        data-testid="provider-filter-button"
      >
        <Icon name="filter" size={18} />
        {/* Beside the search box (casino page) the button is the icon alone: the box needs the width. */}
        {showRow && <span>{t('lobby.filter')}</span>}
        {selected.length > 0 && <span className="provider-chip__count">{selected.length}</span>}
      </button>
      {showRow && (
        <div className="provider-bar__row" role="group" aria-label={t('lobby.providers')}>
          <button
            type="button"
            className="provider-chip"
            aria-pressed={selected.length === 0}
            onClick={() => onChoose([])}
          >
            {t('lobby.all_providers')}
          </button>
          {providers.map((provider) => (
            <button
              key={provider.id}
              type="button"
              className="provider-chip"
              aria-pressed={selected.includes(provider.id)}
              onClick={() => onChoose(only === provider.id ? [] : [provider.id])}
            >
              {provider.name}
            </button>
          ))}
        </div>
      )}
      {filterOpen && (
        <ProviderFilterPopup
          providers={providers}
          selected={selected}
          onClose={() => setFilterOpen(false)}
          onApply={(ids) => {
            setFilterOpen(false);
            onChoose(ids);
          }}
        />
      )}
    </div>
  );
}
