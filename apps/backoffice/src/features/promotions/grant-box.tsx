import { useState, type FormEvent } from 'react';
import type { Campaign } from '@sb/contract';
import type { Lang } from '../../i18n';
import type { ClientRow } from '../../risk-api';
import { findClients } from './api/find-clients';
import { grantPromotion } from './api/grant-promotion';
import { sentence } from './promotions-sentence';
import type { PromotionsTexts } from './promotions-texts';

/** The clients found, each with its Grant button. */
function GrantClients({
  pt,
  found,
  onGrant,
}: {
  pt: PromotionsTexts;
  found: ClientRow[];
  onGrant: (c: ClientRow) => void;
}) {
  if (found.length === 0) return <p className="status">{pt.noClients}</p>;
  return (
    <ul className="grant-clients">
      {found.map((c) => (
        <li key={c.id}>
          {c.username} ({c.brand.name}){' '}
          <button data-testid="grant-client" onClick={() => onGrant(c)}>
            {pt.grant}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Grant by hand: a client of the campaign's brand found by username, then granted (once per client). */
export function GrantBox({
  lang,
  pt,
  campaign,
  onGranted,
}: {
  lang: Lang;
  pt: PromotionsTexts;
  campaign: Campaign;
  onGranted: () => Promise<void>;
}) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<ClientRow[] | null>(null);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const search = async (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    try {
      setFound((await findClients(query)).filter((c) => c.brand.id === campaign.brandId));
    } catch (err) {
      setMessage({ error: true, text: sentence(lang, pt, err) });
    }
  };
  const grant = async (client: ClientRow) => {
    try {
      const done = await grantPromotion(campaign.id, [client.id]);
      setMessage({
        error: false,
        text: done.granted.length ? pt.grantedTo(client.username) : pt.alreadyGranted(client.username),
      });
      await onGranted();
    } catch (err) {
      setMessage({ error: true, text: sentence(lang, pt, err) });
    }
  };
  return (
    <div data-testid="grant-box">
      <h3>{pt.grantTitle(campaign.name)}</h3>
      <form className="filters" onSubmit={(e) => void search(e)}>
        <label>
          {pt.clientSearch}
          <input name="clientSearch" value={query} onChange={(e) => setQuery(e.target.value)} />
        </label>
        <button type="submit" disabled={query.trim().length < 2}>
          {pt.search}
        </button>
      </form>
      {message && (
        <p className={message.error ? 'error' : 'notice'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      {found && <GrantClients pt={pt} found={found} onGrant={(c) => void grant(c)} />}
    </div>
  );
}
