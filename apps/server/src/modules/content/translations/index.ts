import type { Locale } from '@sb/contract';
import { account } from './account';
import { accountWeb } from './account-web';
import { common } from './common';
import { fixtures } from './fixtures';
import { betting } from './betting';
import { sportsWeb } from './sports-web';
import { casino } from './casino';
import { shell } from './shell';
import { bettingWeb } from './betting-web';
import { casinoWeb } from './casino-web';
import { crashWeb } from './crash-web';
import { virtualWeb } from './virtual-web';
import { promotionsWeb } from './promotions-web';
import { promotionActionsWeb } from './promotion-actions-web';
import type { AreaTranslations } from './types';

/** Every area's table; add an area file here when a feature brings texts of its own. */
export const AREAS: Record<string, AreaTranslations> = {
  common,
  account,
  accountWeb,
  fixtures,
  betting,
  sportsWeb,
  casino,
  shell,
  bettingWeb,
  casinoWeb,
  crashWeb,
  virtualWeb,
  promotionsWeb,
  promotionActionsWeb,
};

/** The full flat table of one locale, built once. */
export const TRANSLATIONS: Record<Locale, Record<string, string>> = {
  en: Object.assign({}, ...Object.values(AREAS).map((a) => a.en)),
  tr: Object.assign({}, ...Object.values(AREAS).map((a) => a.tr)),
};
