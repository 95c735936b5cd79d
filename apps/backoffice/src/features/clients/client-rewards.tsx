import { useEffect, useState } from 'react';
import type { ClientReward } from '@sb/contract';
import { money } from '../../api';
import { errorText } from '../../app/error-text';
import { dateTime } from '../../app/format';
import type { Lang } from '../../i18n';
import { PROMOTIONS_TEXTS } from '../promotions/promotions-texts';
import { getClientRewards } from './api/client-rewards-api';

const TEXTS = {
  en: {
    title: 'Rewards',
    loading: 'Reading the rewards…',
    none: 'No rewards: no campaign has given this client anything.',
    campaign: 'Campaign',
    kind: 'Kind',
    amount: 'Amount',
    status: 'Status',
    paid: 'Paid (bonus cost)',
    granted: 'Given',
    expires: 'Expires',
    by: {
      automatic: 'automatically (new client)',
      'opt-in': 'joined by the client',
      client: 'claimed by the client',
    },
    statuses: {
      available: 'Available',
      reserved: 'On an open bet',
      used: 'Used',
      expired: 'Expired',
      cancelled: 'Withdrawn',
      offered: 'Open to join',
    },
  },
  tr: {
    title: 'Ödüller',
    loading: 'Ödüller okunuyor…',
    none: 'Ödül yok: hiçbir kampanya bu müşteriye bir şey vermedi.',
    campaign: 'Kampanya',
    kind: 'Tür',
    amount: 'Tutar',
    status: 'Durum',
    paid: 'Ödenen (bonus maliyeti)',
    granted: 'Verildi',
    expires: 'Bitiş',
    by: { automatic: 'otomatik (yeni müşteri)', 'opt-in': 'müşteri katıldı', client: 'müşteri talep etti' },
    statuses: {
      available: 'Kullanılabilir',
      reserved: 'Açık bir bahiste',
      used: 'Kullanıldı',
      expired: 'Süresi doldu',
      cancelled: 'Geri alındı',
      offered: 'Katılıma açık',
    },
  },
} satisfies Record<Lang, unknown>;

/**
 * The client 360's rewards (issue 36, `GET /ops/v1/clients/{id}/rewards`): every reward a campaign gave the client,
 * newest first — what it is, its amount, its state, what it paid (the bonus cost), who gave it and when, when it
 * expires. Read again when the client shown changes.
 */
export function ClientRewards({ lang, clientId }: { lang: Lang; clientId: number }) {
  const x = TEXTS[lang];
  const { rewards, failure } = useClientRewards(clientId);
  return (
    <section className="panel" data-testid="client-rewards">
      <h3>{x.title}</h3>
      {failure !== null && (
        <div className="error" role="alert">
          {errorText(lang, failure)}
        </div>
      )}
      {rewards === null && failure === null && <p>{x.loading}</p>}
      {rewards?.length === 0 && <p>{x.none}</p>}
      {rewards && rewards.length > 0 && (
        <div className="scroll">
          <RewardsTable lang={lang} rewards={rewards} />
        </div>
      )}
    </section>
  );
}

/** The client's rewards, read again when the client changes; `null` while loading. */
function useClientRewards(clientId: number) {
  const [rewards, setRewards] = useState<ClientReward[] | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    setRewards(null);
    setFailure(null);
    getClientRewards(clientId)
      .then((list) => live && setRewards(list))
      .catch((e: unknown) => live && setFailure(e ?? new Error('failed')));
    return () => {
      live = false;
    };
  }, [clientId]);
  return { rewards, failure };
}

function RewardsTable({ lang, rewards }: { lang: Lang; rewards: ClientReward[] }) {
  const x = TEXTS[lang];
  const kinds = PROMOTIONS_TEXTS[lang].kinds;
  const by = (who: string) => (x.by as Record<string, string>)[who] ?? who;
  return (
    <table>
      <thead>
        <tr>
          <th>{x.campaign}</th>
          <th>{x.kind}</th>
          <th className="num">{x.amount}</th>
          <th>{x.status}</th>
          <th className="num">{x.paid}</th>
          <th>{x.granted}</th>
          <th>{x.expires}</th>
        </tr>
      </thead>
      <tbody>
        {rewards.map((r) => (
          <tr key={r.id} data-testid="client-reward">
            <td>{r.campaign}</td>
            <td>{kinds[r.kind] ?? r.kind}</td>
            <td className="num">
              {money(r.amount)} {r.currency}
            </td>
            <td>{x.statuses[r.status]}</td>
            <td className="num">{money(r.paid)}</td>
            <td>
              {dateTime(lang, r.grantedAt)} · {by(r.grantedBy)}
            </td>
            <td>{dateTime(lang, r.expiresAt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
