import { useState } from 'react';
import type { OpsPickLists } from '@sb/contract';
import { call } from '../../api';
import type { Me } from '../../app/me';
import type { Texts } from '../../i18n';
import { minorOf, type Limit } from '../../risk-api';
import type { RiskTexts } from '../../risk-texts';
import { LimitForm, limitFormOf, type LimitDraft } from './limit-form';
import { LimitTable } from './limit-table';

/** What the limits panel shows and may do. */
interface LimitsPanelProps {
  t: Texts;
  r: RiskTexts;
  me: Me;
  limits: Limit[];
  canTrade: boolean;
  picks: OpsPickLists;
  run: (action: () => Promise<unknown>) => Promise<void>;
}

/** The stake and liability limits of every level: the form that sets one, and a table of each kind. */
export function LimitsPanel({ t, r, me, limits, canTrade, picks, run }: LimitsPanelProps) {
  const [limitForm, setLimitForm] = useState<LimitDraft>(() => limitFormOf(me));

  const submitLimit = (e: { preventDefault(): void }, amount: number | null, key = limitForm) => {
    e.preventDefault();
    void run(() =>
      call('PUT', '/ops/v1/limits', {
        kind: key.kind,
        level: key.level,
        brandId: key.brandId === '' ? null : Number(key.brandId),
        refId: key.refId === '' ? null : Number(key.refId),
        amount,
        reason: limitForm.reason,
      }),
    );
  };
  // A removal is a limit set to nothing at the row's key, with the reason typed in the form.
  const removeLimit = (e: { preventDefault(): void }, l: Limit) =>
    submitLimit(e, null, {
      ...limitForm,
      kind: l.kind,
      level: l.level,
      brandId: l.brandId === null ? '' : String(l.brandId),
      refId: l.refId === null ? '' : String(l.refId),
    });
  const table = (kind: Limit['kind']) => (
    <LimitTable
      t={t}
      r={r}
      kind={kind}
      limits={limits}
      canRemove={canTrade && !!limitForm.reason}
      onRemove={removeLimit}
    />
  );

  return (
    <section className="panel">
      <h2>{r.limits}</h2>
      <LimitForm
        t={t}
        r={r}
        me={me}
        picks={picks}
        canTrade={canTrade}
        form={limitForm}
        onForm={setLimitForm}
        onSubmit={(e) => submitLimit(e, minorOf(limitForm.amount))}
      />
      <div className="two">
        <div>
          <h3>{r.stakeLimits}</h3>
          {table('stake')}
        </div>
        <div>
          <h3>{r.liabilityLimits}</h3>
          {table('liability')}
        </div>
      </div>
    </section>
  );
}
