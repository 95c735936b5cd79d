import { OPS_PERMISSIONS, OPS_ROLE_GRANTS, OPS_ROLES } from '@sb/contract';
import type { Me } from '../../app/me';
import type { Lang } from '../../i18n';
import { may } from '../../app/may';
import { OPERATORS_TEXTS, type OperatorsTexts } from './operators-texts';

/** Every role and what it may do: a table of the roles declared once in the contract (`OPS_ROLE_GRANTS`). */
export function RolesTable({ ot }: { ot: OperatorsTexts }) {
  return (
    <table className="roles-table" data-testid="roles-table">
      <caption>{ot.rolesTitle}</caption>
      <thead>
        <tr>
          <th />
          {OPS_ROLES.map((r) => (
            <th key={r} scope="col">
              {ot.roles[r]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {OPS_PERMISSIONS.map((p) => (
          <tr key={p}>
            <th scope="row">{ot.permissions[p]}</th>
            {OPS_ROLES.map((r) => (
              <td key={r} className="roles-table__mark">
                {OPS_ROLE_GRANTS[r].includes(p) ? '✓' : ''}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * "My access" (issue 35 §3): who the operator is signed in as, and what their role may and may not do, from the
 * permissions the server answered for this session (the ones it checks).
 */
export function AccessPage({ lang, me }: { lang: Lang; me: Me }) {
  const ot = OPERATORS_TEXTS[lang];
  const mine = OPS_PERMISSIONS.filter((p) => may(me, p));
  const notMine = OPS_PERMISSIONS.filter((p) => !may(me, p));
  return (
    <section className="panel access" data-testid="my-access">
      <h2>{ot.access}</h2>
      <p>{ot.signedInAs(me.username, ot.roles[me.role], me.brandName ?? ot.allBrands)}</p>
      <div className="access__lists">
        <div>
          <h3>{ot.youMay}</h3>
          <ul data-testid="may">
            {mine.map((p) => (
              <li key={p} data-permission={p}>
                {ot.permissions[p]}
              </li>
            ))}
          </ul>
        </div>
        {notMine.length > 0 && (
          <div>
            <h3>{ot.youMayNot}</h3>
            <ul data-testid="may-not" className="access__not">
              {notMine.map((p) => (
                <li key={p} data-permission={p}>
                  {ot.permissions[p]}
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </section>
  );
}
