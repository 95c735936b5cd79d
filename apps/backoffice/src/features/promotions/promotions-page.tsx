import { useEffect, useState, type FormEvent } from 'react';
import type { Campaign, CampaignCreate, CampaignStatusId } from '@sb/contract';
import { ApiError, money } from '../../api';
import type { Me } from '../../app/me';
import { errorText } from '../../app/error-text';
import type { Lang } from '../../i18n';
import type { ClientRow } from '../../risk-api';
import { createPromotion } from './api/create-promotion';
import { CampaignForm, type TermField } from './campaign-form';
import { findClients } from './api/find-clients';
import { grantPromotion } from './api/grant-promotion';
import { listPromotions } from './api/list-promotions';
import { setPromotionStatus } from './api/set-promotion-status';
import { PROMOTIONS_TEXTS, type PromotionsTexts } from './promotions-texts';
import { may } from '../../app/may';

/** The first number in a server message (the brand's own limit: "at most 10×", "1 to 90 days"). */
const limitIn = (message: string, fallback: number) =>
  Number(/(\d+)(?:×| days)/.exec(message)?.[1] ?? fallback);

/**
 * The terms validator's refusal (its rule, by the field it names, with the brand's limit), a terms field the
 * server did not accept (named, with what it takes), or the desk's usual sentence.
 */
export function sentence(lang: Lang, pt: PromotionsTexts, e: unknown): string {
  if (e instanceof ApiError && e.code === 'terms_refused') {
    if (e.field === 'terms.wagering') return pt.refused.maxWagering(limitIn(e.message, 10));
    if (e.field === 'terms.expiresInDays') return pt.refused.expiry(limitIn(e.message, 90));
    return pt.refused.singleProduct;
  }
  if (e instanceof ApiError && e.code === 'validation' && e.field?.startsWith('terms.')) {
    const field = e.field.slice('terms.'.length) as TermField;
    if (field in pt.fields) return pt.invalidField(pt.fields[field]!, pt.takes[field]!);
  }
  if (e instanceof ApiError && e.code === 'bonus_running') return pt.bonusRunning;
  return errorText(lang, e);
}

/**
 * The promotions desk (issue 36): create a campaign of any kind the server takes (free bet, bonus money,
 * profit boost, acca insurance), see every campaign's uptake and cost, pause, resume
 * or end it, and grant one by hand to a client found by username. `/backoffice/promotions/{id}` opens a campaign.
 */
export function PromotionsPage({
  lang,
  me,
  campaignId,
  onCampaign,
}: {
  lang: Lang;
  me: Me;
  campaignId: number | null;
  onCampaign: (id: number) => void;
}) {
  const pt = PROMOTIONS_TEXTS[lang];
  const [campaigns, setCampaigns] = useState<Campaign[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const canRun = may(me, 'trade');

  const reload = async () => {
    try {
      setCampaigns(await listPromotions());
    } catch (e) {
      setError(sentence(lang, pt, e));
    }
  };
  useEffect(() => void reload(), []);

  async function act(work: () => Promise<string>) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      setNotice(await work());
      await reload();
    } catch (e) {
      setError(sentence(lang, pt, e));
    } finally {
      setBusy(false);
    }
  }

  const create = async (body: CampaignCreate) => {
    let made: Campaign | null = null;
    await act(async () => {
      made = await createPromotion(body);
      onCampaign(made.id);
      return pt.created(made.name);
    });
    return made;
  };
  const changeStatus = (c: Campaign, status: CampaignStatusId) =>
    void act(async () => {
      await setPromotionStatus(c.id, status);
      return pt.statusChanged(c.name, pt.statuses[status]!);
    });
  const selected = campaigns?.find((c) => c.id === campaignId) ?? null;

  return (
    <section className="panel" data-testid="promotions-desk">
      {(error || notice) && (
        <div className={error ? 'error' : 'notice'} role={error ? 'alert' : 'status'}>
          {error ?? notice}
        </div>
      )}
      {canRun && <CampaignForm pt={pt} lang={lang} me={me} busy={busy} onCreate={create} />}
      <h2>{pt.campaigns}</h2>
      <CampaignTable
        pt={pt}
        campaigns={campaigns}
        canRun={canRun}
        busy={busy}
        selectedId={campaignId}
        onOpen={onCampaign}
        onStatus={changeStatus}
      />
      {selected ? (
        // An odds boost is every client's while it runs: there is nothing to grant (the server answers 409).
        selected.kind === 'odds_boost' ? (
          <p className="status">{pt.boostForEveryone}</p>
        ) : (
          canRun &&
          selected.status === 'active' && (
            <GrantBox key={selected.id} lang={lang} pt={pt} campaign={selected} onGranted={reload} />
          )
        )
      ) : (
        <p className="status">{pt.chooseCampaign}</p>
      )}
    </section>
  );
}

function CampaignTable(props: {
  pt: PromotionsTexts;
  campaigns: Campaign[] | null;
  canRun: boolean;
  busy: boolean;
  selectedId: number | null;
  onOpen: (id: number) => void;
  onStatus: (c: Campaign, status: CampaignStatusId) => void;
}) {
  const { pt, campaigns } = props;
  if (campaigns === null) return null;
  if (campaigns.length === 0) return <p className="status">{pt.none}</p>;
  return (
    <div className="scroll">
      <table data-testid="promotions-table">
        <thead>
          <tr>
            <th>{pt.name}</th>
            <th>{pt.brand}</th>
            <th>{pt.kind}</th>
            <th>{pt.terms}</th>
            <th>{pt.status}</th>
            <th>{pt.granted}</th>
            <th>{pt.open}</th>
            <th>{pt.used}</th>
            <th>{pt.expired}</th>
            <th>{pt.cost}</th>
            <th>{pt.turnover}</th>
            <th>{pt.ngrEffect}</th>
            {props.canRun && <th>{pt.actions}</th>}
          </tr>
        </thead>
        <tbody>
          {campaigns.map((c) => {
            return (
              <tr
                key={c.id}
                data-testid="promotion-row"
                data-campaign-id={c.id}
                aria-selected={c.id === props.selectedId}
              >
                <td>
                  <a
                    href={`/backoffice/promotions/${c.id}`}
                    onClick={(e) => {
                      e.preventDefault();
                      props.onOpen(c.id);
                    }}
                  >
                    {c.name}
                  </a>
                </td>
                <td>{c.brand}</td>
                <td>{pt.kinds[c.kind] ?? c.kind}</td>
                <td>
                  {pt.termsLine(c.kind, c.terms, money)}
                  {c.kind === 'bonus' && (
                    <>
                      <br />
                      <small data-testid="bonus-uptake">
                        {pt.bonusUptake(c.uptake.available, c.uptake.used, c.uptake.expired, money(c.cost))}
                      </small>
                    </>
                  )}
                </td>
                <td data-testid="promotion-status">{pt.statuses[c.status]}</td>
                <td data-testid="promotion-granted">{c.uptake.granted}</td>
                <td>{c.uptake.reserved}</td>
                <td>{c.uptake.used}</td>
                <td>{c.uptake.expired}</td>
                <td>{money(c.cost)}</td>
                <td data-testid="promotion-turnover" title={pt.betsOf(c.bets)}>
                  {money(c.turnover)}
                </td>
                {/* What it takes off NGR; nothing paid yet is 0.00, not −0.00. */}
                <td data-testid="promotion-ngr">{money(c.cost === 0 ? 0 : -c.cost)}</td>
                {props.canRun && (
                  <td>
                    {c.status === 'active' && (
                      <button disabled={props.busy} onClick={() => props.onStatus(c, 'paused')}>
                        {pt.pause}
                      </button>
                    )}
                    {c.status === 'paused' && (
                      <button disabled={props.busy} onClick={() => props.onStatus(c, 'active')}>
                        {pt.resume}
                      </button>
                    )}
                    {c.status !== 'ended' && (
                      <button disabled={props.busy} onClick={() => props.onStatus(c, 'ended')}>
                        {pt.end}
                      </button>
                    )}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** Grant by hand: a client of the campaign's brand found by username, then granted (once per client). */
function GrantBox({
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
      {found && found.length === 0 && <p className="status">{pt.noClients}</p>}
      {found && found.length > 0 && (
        <ul className="grant-clients">
          {found.map((c) => (
            <li key={c.id}>
              {c.username} ({c.brand.name}){' '}
              <button data-testid="grant-client" onClick={() => void grant(c)}>
                {pt.grant}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
