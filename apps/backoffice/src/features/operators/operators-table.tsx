import { useEffect, useState } from 'react';
import { OPS_ROLES, type OpsOperator, type OpsRole } from '@sb/contract';
import type { Me } from '../../app/me';
import { dateTime } from '../../app/format';
import { BrandSelect } from '../../components/brand-select';
import type { Lang } from '../../i18n';
import { resetOperatorTotp } from './api/reset-operator-totp';
import { updateOperator } from './api/update-operator';
import { brandIdOf, brandValue } from './brand-value';
import type { OperatorsTexts } from './operators-texts';

/** What every operator's row needs besides its operator. */
interface RowProps {
  ot: OperatorsTexts;
  lang: Lang;
  me: Me;
  brands: { id: number; name: string }[];
  busy: boolean;
  act: (run: () => Promise<OpsOperator>, notice: (o: OpsOperator) => string) => void;
}

/** Save the row's role and brand (once changed), disable or enable, reset the second factor (after a confirm). */
function OperatorActions({
  o,
  ot,
  busy,
  act,
  changed,
  patch,
}: RowProps & {
  o: OpsOperator;
  changed: boolean;
  patch: () => Parameters<typeof updateOperator>[1];
}) {
  return (
    <div className="operators__actions">
      <button
        type="button"
        disabled={!changed || busy}
        onClick={() =>
          act(
            () => updateOperator(o.id, patch()),
            (r) => ot.saved(r.username),
          )
        }
      >
        {ot.save}
      </button>
      <button
        type="button"
        disabled={busy}
        onClick={() =>
          act(
            () => updateOperator(o.id, { disabled: !o.disabled }),
            (r) => (r.disabled ? ot.disabledNotice(r.username) : ot.enabledNotice(r.username)),
          )
        }
      >
        {o.disabled ? ot.enable : ot.disable}
      </button>
      <button
        type="button"
        disabled={busy || (!o.totpEnabled && o.totpEnrolmentRequired)}
        onClick={() => {
          if (window.confirm(ot.confirmReset(o.username)))
            act(
              () => resetOperatorTotp(o.id),
              (r) => ot.resetNotice(r.username),
            );
        }}
      >
        {ot.resetTotp}
      </button>
    </div>
  );
}

/** One operator's row: role and brand changed in place and saved; disable or enable; reset the second factor. */
function OperatorRow(props: RowProps & { o: OpsOperator }) {
  const { o, ot, lang, me, brands, busy } = props;
  const [role, setRole] = useState<OpsRole>(o.role);
  const [brand, setBrand] = useState(brandValue(o.brandId));
  useEffect(() => {
    setRole(o.role);
    setBrand(brandValue(o.brandId));
  }, [o.role, o.brandId]);
  const self = o.username === me.username;
  const changed = role !== o.role || brand !== brandValue(o.brandId);
  const patch = () => ({
    ...(role !== o.role ? { role } : {}),
    ...(brand !== brandValue(o.brandId) ? { brandId: brandIdOf(brand) } : {}),
  });
  return (
    <tr data-operator={o.username} className={o.disabled ? 'muted' : ''}>
      <td>
        {o.username} {self && <span className="status">{ot.you}</span>}
      </td>
      <td>
        <select
          name="role"
          aria-label={`${ot.role} · ${o.username}`}
          value={role}
          disabled={self || busy}
          onChange={(e) => setRole(e.target.value as OpsRole)}
        >
          {OPS_ROLES.map((r) => (
            <option key={r} value={r}>
              {ot.roles[r]}
            </option>
          ))}
        </select>
      </td>
      <td>
        {self || me.brandId !== null ? (
          (o.brandName ?? ot.allBrands)
        ) : (
          <BrandSelect
            label=""
            name="brand"
            value={brand}
            onChange={setBrand}
            brands={brands}
            every={ot.allBrands}
            disabled={busy}
          />
        )}
      </td>
      <td>{o.lastLoginAt ? dateTime(lang, o.lastLoginAt) : ot.never}</td>
      <td>{o.totpEnabled ? ot.enrolled : o.totpEnrolmentRequired ? ot.enrolNext : ot.notEnrolled}</td>
      <td data-testid="operator-status">{o.disabled ? ot.disabled : ot.active}</td>
      <td>{!self && <OperatorActions {...props} changed={changed} patch={patch} />}</td>
    </tr>
  );
}

/** Every operator the admin may manage: role, brand, last login, second factor, status and the row's actions. */
export function OperatorsTable(props: RowProps & { list: OpsOperator[] }) {
  const { ot, list } = props;
  return (
    <table data-testid="operators-table">
      <thead>
        <tr>
          <th>{ot.columns.username}</th>
          <th>{ot.columns.role}</th>
          <th>{ot.columns.brand}</th>
          <th>{ot.columns.lastLogin}</th>
          <th>{ot.columns.secondFactor}</th>
          <th>{ot.columns.status}</th>
          <th>{ot.columns.actions}</th>
        </tr>
      </thead>
      <tbody>
        {list.map((o) => (
          <OperatorRow key={o.id} {...props} o={o} />
        ))}
      </tbody>
    </table>
  );
}
