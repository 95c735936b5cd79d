import type { useBuilder } from './use-builder';
import { useTranslation } from '@/lib/i18n';
import { useFormatOdds } from '@/lib/odds-format';

/** The builder's bar: the legs' price (or why there is none), clear, and add to the slip. */
export function BuilderBar({ builder }: { builder: ReturnType<typeof useBuilder> }) {
  const { t } = useTranslation();
  const formatOdd = useFormatOdds();
  const { legs, quote } = builder;
  return (
    <div className="builder__bar" data-testid="builder-bar">
      {/* One line at 360 px in every brand and language: the label gives way, never the odd or the buttons. */}
      <span className="builder__price" data-testid="builder-price">
        {legs.length >= 2 && quote?.kind === 'price' ? (
          <>
            <span className="builder__label">{t('builder.price')}</span>{' '}
            <strong className="builder__odd">{formatOdd(quote.odd)}</strong>
          </>
        ) : (
          <span className="builder__label builder__label--note">
            {legs.length < 2 ? t('builder.pick_more') : quote ? t(`builder.${quote.kind}`) : '…'}
          </span>
        )}
      </span>
      {legs.length > 0 && (
        <button type="button" className="builder__clear" onClick={builder.clear}>
          {t('builder.clear')}
        </button>
      )}
      <button
        type="button"
        className="ui-button ui-button--primary builder__add"
        data-testid="builder-add"
        disabled={quote?.kind !== 'price'}
        onClick={builder.add}
      >
        {t('builder.add')}
      </button>
    </div>
  );
}
