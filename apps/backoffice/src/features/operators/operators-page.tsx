import { useEffect, useState, type FormEvent } from 'react';
import { OPS_ROLES, type OpsOperator, type OpsRole } from '@sb/contract';
import { ApiError } from '../../api';
import type { Me } from '../../app/me';
import { errorText } from '../../app/error-text';
import { dateTime } from '../../app/format';
import { BrandSelect, usePickLists } from '../../components/brand-select';
import { Empty, Loading, Outage } from '../../components/view-state';
import type { Lang } from '../../i18n';
import { createOperator } from './api/create-operator';
import { listOperators } from './api/list-operators';
import { resetOperatorTotp } from './api/reset-operator-totp';
import { updateOperator } from './api/update-operator';
import { RolesTable } from './access-page';
import { OPERATORS_TEXTS, type OperatorsTexts } from './operators-texts';

/** A refusal as a sentence of this screen: a taken name, a short password, one's own account; else the desk's. */
function sentence(lang: Lang, ot: OperatorsTexts, e: unknown): string {
  if (e instanceof ApiError && e.status === 409 && e.field === 'username') return ot.taken;
  if (e instanceof ApiError && e.code === 'own_account') return ot.ownAccount;
  if (e instanceof ApiError && e.status === 400 && e.field === 'password') return ot.shortPassword;
  if (e instanceof ApiError && e.status === 400 && e.field === 'username') return ot.badUsername;
  return errorText(lang, e);
}

const brandValue = (id: number | null) => (id === null ? '' : String(id));
const brandIdOf = (value: string) => (value === '' ? null : Number(value));

/** One operator's row: role and brand changed in place and saved; disable or enable; reset the second factor. */
function OperatorRow(props: {
  o: OpsOperator;
  ot: OperatorsTexts;
  lang: Lang;
  me: Me;
  brands: { id: number; name: string }[];
  busy: boolean;
  act: (run: () => Promise<OpsOperator>, notice: (o: OpsOperator) => string) => void;
}) {
  const { o, ot, lang, me, brands, busy, act } = props;
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
      <td>
        {!self && (
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
        )}
      </td>
    </tr>
  );
}

/**
 * The operators screen (issue 35 §3, admins): every operator the admin may manage with role, brand by name, last
 * login, second factor and status; a new operator with an initial password (the field is cleared once sent and the
 * password is never shown again); role and brand changes, disable and enable, a second factor's reset; and the roles
 * with what each may do.
 */
export function OperatorsPage({ lang, me }: { lang: Lang; me: Me }) {
  const ot = OPERATORS_TEXTS[lang];
  const { brands } = usePickLists();
  const [list, setList] = useState<OpsOperator[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<OpsRole>('support');
  const [brand, setBrand] = useState(brandValue(me.brandId));

  const reload = async () => {
    try {
      setList(await listOperators());
    } catch (e) {
      setError(sentence(lang, ot, e));
    }
  };
  useEffect(() => void reload(), []);

  async function act(run: () => Promise<OpsOperator>, said: (o: OpsOperator) => string) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const o = await run();
      setNotice(said(o));
      await reload();
    } catch (e) {
      setError(sentence(lang, ot, e));
    } finally {
      setBusy(false);
    }
  }

  function create(e: FormEvent) {
    e.preventDefault();
    void act(
      async () => {
        const o = await createOperator({ username, password, role, brandId: brandIdOf(brand) });
        setUsername('');
        setPassword('');
        return o;
      },
      (o) => ot.created(o.username),
    );
  }

  return (
    <section className="panel operators" data-testid="operators-desk">
      <h2>{ot.operators}</h2>
      {(error || notice) && (
        <div className={error ? 'error' : 'notice'} role={error ? 'alert' : 'status'}>
          {error ?? notice}
        </div>
      )}
      <form className="operators__new" onSubmit={create} data-testid="new-operator">
        <h3>{ot.newOperator}</h3>
        <label>
          {ot.username}
          <input
            name="newUsername"
            autoComplete="off"
            value={username}
            onChange={(e) => setUsername(e.target.value.trim().toLowerCase())}
            title={ot.usernameHint}
          />
        </label>
        <label>
          {ot.password}
          <input
            name="newPassword"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            title={ot.passwordHint}
          />
        </label>
        <label>
          {ot.role}
          <select name="newRole" value={role} onChange={(e) => setRole(e.target.value as OpsRole)}>
            {OPS_ROLES.map((r) => (
              <option key={r} value={r}>
                {ot.roles[r]}
              </option>
            ))}
          </select>
        </label>
        <BrandSelect
          label={ot.brand}
          name="newBrand"
          value={brand}
          onChange={setBrand}
          brands={brands}
          {...(me.brandId === null ? { every: ot.allBrands } : {})}
        />
        <button className="primary" type="submit" disabled={busy || !username || !password}>
          {ot.create}
        </button>
        <p className="status">{ot.passwordHint}</p>
      </form>
      {list === null && error === null && <Loading label={ot.loading} />}
      {list === null && error !== null && <Outage message={error} />}
      {list?.length === 0 && <Empty>{ot.none}</Empty>}
      {list && list.length > 0 && (
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
              <OperatorRow
                key={o.id}
                o={o}
                ot={ot}
                lang={lang}
                me={me}
                brands={brands}
                busy={busy}
                act={(run, said) => void act(run, said)}
              />
            ))}
          </tbody>
        </table>
      )}
      <RolesTable ot={ot} />
    </section>
  );
}
