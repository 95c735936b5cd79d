import { useId, useState } from 'react';
import { useTranslation } from '@/lib/i18n';
import type { CasinoProvider } from '@sb/contract';
import { Button } from '@/components/ui/button';
import { Popup } from '@/components/ui/popup';

interface ProviderFilterPopupProps {
  providers: CasinoProvider[];
  selected: readonly number[];
  onApply: (ids: number[]) => void;
  onClose: () => void;
}

/**
 * Spec §2 Provider filter popup: a bottom popup titled Filter with a Providers section of toggle buttons and
 * a Show games button that hands the chosen ids back (the page replaces its query with them).
 * Mounted only while open, so each opening starts from the page's current choice.
 */
export function ProviderFilterPopup({ providers, selected, onApply, onClose }: ProviderFilterPopupProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const [chosen, setChosen] = useState<readonly number[]>(selected);
  const toggle = (id: number) =>
    setChosen((current) => (current.includes(id) ? current.filter((c) => c !== id) : [...current, id]));
  return (
    <Popup
      open
      title={t('lobby.filter')}
      closeLabel={t('lobby.close')}
      onClose={onClose}
      footer={
        <Button
          data-testid="show-games"
          onClick={() => onApply(providers.filter((p) => chosen.includes(p.id)).map((p) => p.id))}
        >
          {t('lobby.show_games')}
        </Button>
      }
    >
      <section className="provider-filter" aria-labelledby={headingId}>
        <h3 id={headingId}>{t('lobby.providers')}</h3>
        <div className="provider-filter__options">
          {providers.map((provider) => (
            <button
              key={provider.id}
              type="button"
              className="provider-chip"
              aria-pressed={chosen.includes(provider.id)}
              onClick={() => toggle(provider.id)}
            >
              {provider.name}
            </button>
          ))}
        </div>
      </section>
    </Popup>
  );
}
