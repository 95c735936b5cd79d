import type { z } from 'zod';
import {
  BRAND_LINKS,
  BRAND_LOGO_PATH_PREFIX,
  DRAWN_LOGO_PREFIX,
  brandTheme,
  themeColorScheme,
  type FeatureFlags,
  type Locale,
  type OpsBrand,
  type opsBrandCreateSchema,
  type opsBrandPatchSchema,
} from '@sb/contract';
import type { BrandRow, CreateAppInput } from './tenancy.service';
import { parseBrandLink } from './tenancy.service';
import { badRequest } from '../../plugins/errors';

type BrandCreate = z.output<typeof opsBrandCreateSchema>;
type BrandPatch = z.output<typeof opsBrandPatchSchema>;

/** What a brand offers when its creator says nothing: every product, the results tile, no casino links. */
const DEFAULT_FEATURES: FeatureFlags = {
  homeVariant: 1,
  hideResultsTile: false,
  hideCasinoLinks: true,
  casino: true,
  crash: true,
  virtualSports: true,
};

const linkOf = (field: string, value: string | null | undefined) =>
  value === undefined ? undefined : value === null ? null : parseBrandLink(`links.${field}`, value);

/** The links of a request as the row's columns: APK and support chat have theirs, the rest share `links`. */
function linkColumns(
  links: BrandCreate['links'],
  current: BrandRow['links'] | null,
): Partial<Pick<CreateAppInput, 'androidApkUrl' | 'supportChatUrl' | 'links'>> {
  if (!links) return {};
  const out: Partial<Pick<CreateAppInput, 'androidApkUrl' | 'supportChatUrl' | 'links'>> = {};
  const apk = linkOf('androidApk', links.androidApk);
  const support = linkOf('supportChat', links.supportChat);
  if (apk !== undefined) out.androidApkUrl = apk;
  if (support !== undefined) out.supportChatUrl = support;
  const pages = { help: null, terms: null, privacy: null, responsibleGaming: null, ...current };
  let touched = false;
  for (const key of BRAND_LINKS) {
    const value = linkOf(key, links[key]);
    if (value !== undefined) {
      pages[key] = value;
      touched = true;
    }
  }
  if (touched) out.links = pages;
  return out;
}

/**
 * A logo address typed on the desk. An uploaded logo's address is set by its upload only (`PUT …/logo`): a form
 * may send its brand's current one back, never another (a replaced or removed picture's address serves nothing).
 */
function logoOf(logoUrl: string | undefined, current: string | null): string | undefined {
  if (!logoUrl) return undefined;
  if (logoUrl.startsWith(BRAND_LOGO_PATH_PREFIX) && logoUrl !== current)
    throw badRequest('theme.logoUrl', 'an uploaded logo’s address is set by uploading the logo');
  return parseBrandLink('theme.logoUrl', logoUrl) ?? undefined;
}

/** A desk's (or the CLI's) new brand as the app row it is stored as: the theme derived from the colours chosen. */
export function brandToCreate(body: BrandCreate): CreateAppInput {
  return {
    name: body.name,
    hostnames: body.hostnames,
    defaultLocale: body.defaultLocale,
    locales: body.locales,
    metaTitle: body.metaTitle ?? body.name,
    theme: brandTheme({ ...body.theme, logoUrl: logoOf(body.theme.logoUrl, null), name: body.name }),
    features: { ...DEFAULT_FEATURES, ...body.features },
    androidApkUrl: null,
    supportChatUrl: null,
    ...linkColumns(body.links, null),
    currencyIso: body.currencyIso ?? 'TRY',
    timeZone: body.timeZone ?? 'Europe/Istanbul',
    cashbackBasisPoints: body.cashbackBasisPoints ?? 0,
    adjustmentApprovalAbove: body.adjustmentApprovalAbove ?? 100_000, // the column's default
  };
}

/** A brand's change as the columns it sets; the default language is checked against the languages it keeps. */
export function brandToPatch(body: BrandPatch, current: BrandRow) {
  const locales = body.locales ?? current.locales;
  const defaultLocale = (body.defaultLocale ?? current.defaultLocale) as Locale;
  if (!locales.includes(defaultLocale))
    throw badRequest('defaultLocale', 'the default language must be one of the languages offered');
  const { links, theme, features, ...rest } = body;
  // A drawn logo follows the name and colours; a brand's own logo stays until another is given.
  const drawn = current.theme.logoUrl.startsWith(DRAWN_LOGO_PREFIX);
  const scheme = themeColorScheme(current.theme.background);
  const choice =
    theme ??
    (body.name && drawn ? { primary: current.theme.primary, accent: current.theme.accent, scheme } : null);
  return {
    ...rest,
    ...(choice && {
      theme: brandTheme({
        ...choice,
        logoUrl: logoOf(choice.logoUrl, current.theme.logoUrl) ?? (drawn ? undefined : current.theme.logoUrl),
        name: body.name ?? current.name,
      }),
    }),
    ...(features && { features: { ...DEFAULT_FEATURES, ...current.features, ...features } }),
    ...linkColumns(links, current.links),
  };
}

/** A brand as the desk reads it. */
export function toOpsBrand(row: BrandRow): OpsBrand {
  return {
    id: row.id,
    name: row.name,
    hostnames: row.hostnames,
    defaultLocale: row.defaultLocale as OpsBrand['defaultLocale'],
    locales: row.locales,
    metaTitle: row.metaTitle,
    theme: row.theme,
    features: { ...DEFAULT_FEATURES, ...row.features },
    links: {
      androidApk: row.androidApkUrl,
      supportChat: row.supportChatUrl,
      help: row.links.help ?? null,
      terms: row.links.terms ?? null,
      privacy: row.links.privacy ?? null,
      responsibleGaming: row.links.responsibleGaming ?? null,
    },
    currencyIso: row.currencyIso,
    timeZone: row.timeZone,
    cashbackBasisPoints: row.cashbackBasisPoints,
    adjustmentApprovalAbove: row.adjustmentApprovalAbove,
    createdAt: row.createdAt.toISOString(),
  };
}
