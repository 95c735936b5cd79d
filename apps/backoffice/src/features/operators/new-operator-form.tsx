import { useState, type FormEvent } from 'react';
import { OPS_ROLES, type OpsRole } from '@sb/contract';
import type { Me } from '../../app/me';
import { BrandSelect } from '../../components/brand-select';
import { createOperator } from './api/create-operator';
import { brandIdOf, brandValue } from './brand-value';
import type { OperatorsTexts } from './operators-texts';
import type { OperatorAct } from './use-operators';

/** The new operator's username (lower case, no spaces) and initial password. */
function CredentialFields(props: {
  ot: OperatorsTexts;
  username: string;
  onUsername: (username: string) => void;
  password: string;
  onPassword: (password: string) => void;
}) {
  const { ot, username, onUsername: setUsername, password, onPassword: setPassword } = props;
  return (
    <>
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
    </>
  );
}

/**
 * A new operator: username, initial password (cleared once sent, never shown again), role and brand (a brand's
 * admin creates operators of their brand only).
 */
export function NewOperatorForm(props: {
  ot: OperatorsTexts;
  me: Me;
  brands: { id: number; name: string }[];
  busy: boolean;
  act: OperatorAct;
}) {
  const { ot, me, brands, busy, act } = props;
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<OpsRole>('support');
  const [brand, setBrand] = useState(brandValue(me.brandId));

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
    <form className="operators__new" onSubmit={create} data-testid="new-operator">
      <h3>{ot.newOperator}</h3>
      <CredentialFields
        ot={ot}
        username={username}
        onUsername={setUsername}
        password={password}
        onPassword={setPassword}
      />
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
  );
}
