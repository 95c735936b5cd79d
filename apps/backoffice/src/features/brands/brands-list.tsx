import type { OpsBrand } from '@sb/contract';
import type { BrandsTexts } from './brands-texts';

/** The brands the operator may run, the one open marked, and the new brand's button (all-brands operators). */
export function BrandsList(props: {
  bt: BrandsTexts;
  brands: OpsBrand[] | null;
  brandId: number | null;
  canCreate: boolean;
  onBrand: (id: number | null) => void;
}) {
  const { bt, brands, brandId, canCreate, onBrand } = props;
  return (
    <div className="brands__list">
      <h2>{bt.brands}</h2>
      {canCreate && (
        <button type="button" onClick={() => onBrand(null)} aria-pressed={brandId === null}>
          + {bt.newBrand}
        </button>
      )}
      {brands?.length === 0 && <p>{bt.none}</p>}
      <table data-testid="brands-table">
        <thead>
          <tr>
            <th>{bt.columns.name}</th>
            <th>{bt.columns.host}</th>
            <th>{bt.columns.languages}</th>
            <th>{bt.columns.colours}</th>
          </tr>
        </thead>
        <tbody>
          {(brands ?? []).map((b) => (
            <tr key={b.id} className={b.id === brandId ? 'selected' : ''}>
              <td>
                <a
                  className="link"
                  href={`/backoffice/brands/${b.id}`}
                  onClick={(e) => {
                    e.preventDefault();
                    onBrand(b.id);
                  }}
                >
                  {b.name}
                </a>
              </td>
              <td>{b.hostnames[0]}</td>
              <td>{b.locales.map((l) => (l === b.defaultLocale ? `${l.toUpperCase()}*` : l)).join(' ')}</td>
              <td>
                <span className="swatch" style={{ background: b.theme.primary }} title={b.theme.primary} />
                <span className="swatch" style={{ background: b.theme.accent }} title={b.theme.accent} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
