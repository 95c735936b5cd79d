import type { Me } from '../../app/me';
import { usePickLists } from '../../components/brand-select';
import { Empty, Loading, Outage } from '../../components/view-state';
import type { Lang } from '../../i18n';
import { RolesTable } from './access-page';
import { NewOperatorForm } from './new-operator-form';
import { OperatorsTable } from './operators-table';
import { OPERATORS_TEXTS } from './operators-texts';
import { useOperators } from './use-operators';

/**
 * The operators screen (issue 35 §3, admins): every operator the admin may manage with role, brand by name, last
 * login, second factor and status; a new operator with an initial password (the field is cleared once sent and the
 * password is never shown again); role and brand changes, disable and enable, a second factor's reset; and the roles
 * with what each may do.
 */
export function OperatorsPage({ lang, me }: { lang: Lang; me: Me }) {
  const ot = OPERATORS_TEXTS[lang];
  const { brands } = usePickLists();
  const { list, error, notice, busy, act } = useOperators(lang, ot);

  return (
    <section className="panel operators" data-testid="operators-desk">
      <h2>{ot.operators}</h2>
      {(error || notice) && (
        <div className={error ? 'error' : 'notice'} role={error ? 'alert' : 'status'}>
          {error ?? notice}
        </div>
      )}
      <NewOperatorForm ot={ot} me={me} brands={brands} busy={busy} act={act} />
      {list === null && error === null && <Loading label={ot.loading} />}
      {list === null && error !== null && <Outage message={error} />}
      {list?.length === 0 && <Empty>{ot.none}</Empty>}
      {list && list.length > 0 && (
        <OperatorsTable
          list={list}
          ot={ot}
          lang={lang}
          me={me}
          brands={brands}
          busy={busy}
          act={(run, said) => void act(run, said)}
        />
      )}
      <RolesTable ot={ot} />
    </section>
  );
}
