import {
  BRAND_LINKS,
  DRAWN_LOGO_PREFIX,
  type Locale,
  type OpsBrand,
  type OpsBrandCreate,
} from '@sb/contract';

const LINK_KEYS = ['androidApk', 'supportChat', ...BRAND_LINKS] as const;
export type LinkKey = (typeof LINK_KEYS)[number];
export { LINK_KEYS };

/** What the brand form holds, as typed (colours as #rrggbb, cashback as a percent). */
export interface BrandForm {
  name: string;
  hostnames: string;
  defaultLocale: Locale;
  locales: Locale[];
  homeVariant: 1 | 2;
  scheme: 'light' | 'dark';
  primary: string;
  accent: string;
  logoUrl: string;
  casinoLinks: boolean;
  casino: boolean;
  crash: boolean;
  virtualSports: boolean;
  resultsTile: boolean;
  cashbackPercent: string;
  links: Record<LinkKey, string>;
  currencyIso: string;
  timeZone: string;
  /** Issue 35 §2: adjustments above this (major units, "1000.00") wait for a second operator. */
  approvalAbove: string;
  /** Issue 36: the brand's own promotion rules, only tighter than the UK's (blank: the UK's 10× and 90 days). */
  maxWagering: string;
  maxExpiryDays: string;
}

/** The UK's promotion rules every brand keeps (the server's `UK_RULES`): a brand may only tighten them. */
const UK = { maxWagering: 10, maxExpiryDays: 90 };
/** A typed whole number, the UK's when blank, −1 when it is not one (the server names the field). */
const ruleOf = (text: string, uk: number) => {
  const t = text.trim();
  if (!t) return uk;
  return /^\d+$/.test(t) ? Number(t) : -1;
};

/** The light or dark background a stored theme was derived for (its background's brightness). */
const schemeOf = (background: string): 'light' | 'dark' => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(background.slice(i, i + 2), 16) || 0);
  return 0.299 * r! + 0.587 * g! + 0.114 * b! < 128 ? 'dark' : 'light';
};

/** The form of a brand being edited, or of a new one. */
export function formOf(brand: OpsBrand | null): BrandForm {
  if (!brand)
    return {
      name: '',
      hostnames: '',
      defaultLocale: 'tr',
      locales: ['tr', 'en'],
      homeVariant: 1,
      scheme: 'dark',
      primary: '#0b7a3e',
      accent: '#f5c518',
      logoUrl: '',
      casinoLinks: false,
      casino: true,
      crash: true,
      virtualSports: true,
      resultsTile: true,
      cashbackPercent: '0',
      links: Object.fromEntries(LINK_KEYS.map((k) => [k, ''])) as Record<LinkKey, string>,
      currencyIso: 'TRY',
      timeZone: 'Europe/Istanbul',
      approvalAbove: '1000.00',
      maxWagering: '',
      maxExpiryDays: '',
    };
  return {
    name: brand.name,
    hostnames: brand.hostnames.join('\n'),
    defaultLocale: brand.defaultLocale,
    locales: brand.locales,
    homeVariant: brand.features.homeVariant,
    scheme: schemeOf(brand.theme.background),
    primary: brand.theme.primary,
    accent: brand.theme.accent,
    // A logo drawn from the name is drawn again; only a brand's own logo address is shown to edit.
    logoUrl: brand.theme.logoUrl.startsWith(DRAWN_LOGO_PREFIX) ? '' : brand.theme.logoUrl,
    casinoLinks: !brand.features.hideCasinoLinks,
    casino: brand.features.casino,
    crash: brand.features.crash,
    virtualSports: brand.features.virtualSports,
    resultsTile: !brand.features.hideResultsTile,
    cashbackPercent: String(brand.cashbackBasisPoints / 100),
    links: Object.fromEntries(LINK_KEYS.map((k) => [k, brand.links[k] ?? ''])) as Record<LinkKey, string>,
    currencyIso: brand.currencyIso,
    timeZone: brand.timeZone,
    approvalAbove: (brand.adjustmentApprovalAbove / 100).toFixed(2),
    maxWagering: String(brand.features.promotionMaxWagering ?? ''),
    maxExpiryDays: String(brand.features.promotionMaxExpiryDays ?? ''),
  };
}

/** The request body of a form (create, or a whole-brand change). */
export function bodyOf(form: BrandForm): OpsBrandCreate {
  const cashback = Number(form.cashbackPercent.replace(',', '.'));
  const above = Number(form.approvalAbove.replace(',', '.'));
  return {
    name: form.name,
    hostnames: form.hostnames
      .split(/[\s,]+/)
      .map((h) => h.trim())
      .filter(Boolean),
    defaultLocale: form.defaultLocale,
    locales: form.locales,
    theme: {
      primary: form.primary,
      accent: form.accent,
      scheme: form.scheme,
      ...(form.logoUrl.trim() ? { logoUrl: form.logoUrl.trim() } : {}),
    },
    features: {
      homeVariant: form.homeVariant,
      hideCasinoLinks: !form.casinoLinks,
      hideResultsTile: !form.resultsTile,
      casino: form.casino,
      crash: form.crash,
      virtualSports: form.virtualSports,
      promotionMaxWagering: ruleOf(form.maxWagering, UK.maxWagering),
      promotionMaxExpiryDays: ruleOf(form.maxExpiryDays, UK.maxExpiryDays),
    },
    links: Object.fromEntries(LINK_KEYS.map((k) => [k, form.links[k].trim() || null])),
    currencyIso: form.currencyIso.trim().toUpperCase(),
    timeZone: form.timeZone.trim(),
    // A percent with up to two decimals (7.5 → 750 basis points); not a number → NaN → the server names the field.
    cashbackBasisPoints: Number.isFinite(cashback) ? Math.round(cashback * 100) : -1,
    // Major units as minor (1000.00 → 100000); not a number → −1 → the server names the field.
    adjustmentApprovalAbove: Number.isFinite(above) ? Math.round(above * 100) : -1,
  };
}
