import type { Me } from '../../app/me';
import type { Lang } from '../../i18n';
import { CampaignForm } from './campaign-form';
import { CampaignTable } from './campaign-table';
import { GrantBox } from './grant-box';
import { PROMOTIONS_TEXTS } from './promotions-texts';
import { may } from '../../app/may';
import { usePromotions } from './use-promotions';

export { sentence } from './promotions-sentence';

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
  const canRun = may(me, 'trade');
  const { campaigns, error, notice, busy, reload, create, changeStatus } = usePromotions(
    lang,
    pt,
    onCampaign,
  );
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
