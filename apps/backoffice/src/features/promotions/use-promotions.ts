import { useEffect, useState } from 'react';
import type { Campaign, CampaignCreate, CampaignStatusId } from '@sb/contract';
import type { Lang } from '../../i18n';
import { createPromotion } from './api/create-promotion';
import { listPromotions } from './api/list-promotions';
import { setPromotionStatus } from './api/set-promotion-status';
import { sentence } from './promotions-sentence';
import type { PromotionsTexts } from './promotions-texts';

/**
 * The campaigns, read on open and after each change; a campaign's creation (then opened) and status change, each
 * said in a notice or refused in the desk's words.
 */
export function usePromotions(lang: Lang, pt: PromotionsTexts, onCampaign: (id: number) => void) {
  const [campaigns, setCampaigns] = useState<Campaign[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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

  return { campaigns, error, notice, busy, reload, create, changeStatus };
}
