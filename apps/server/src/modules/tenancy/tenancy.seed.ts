import type { Theme } from '@sb/contract';
import type { TenancyService } from './tenancy.service';

/** The first demo brand's theme; also the fallback of the operator's `app:create`. */
export const DEMO_THEME: Theme = {
  primary: '#0b7a3e',
  primaryContrast: '#ffffff',
  accent: '#f5c518',
  background: '#0f1a14',
  surface: '#17261d',
  text: '#f2f5f3',
  textMuted: '#9bb0a3',
  logoUrl: '/brand/demo-bet.svg',
};

/**
 * What the demo brands offer out of the box, so a newcomer sees every screen of spec §2: the Android overlay
 * downloads a demo package the web build ships (`apps/web/public/downloads/demo-app.apk`, served as an APK), and
 * the header's support link opens the contact page. Operators point a brand at its own with
 * `ops app:links --app <id or host> --apk URL --support URL` (or `none` to hide them).
 */
export const DEMO_APK_URL = '/downloads/demo-app.apk';
export const DEMO_SUPPORT_URL = '/info/contact';

const EVERY_PRODUCT = { casino: true, crash: true, virtualSports: true };

/** Demo brands: one on localhost, one on kartal.localhost (browsers resolve *.localhost to loopback). */
export async function seedTenancy(service: TenancyService): Promise<void> {
  const existing = await service.list();
  if (existing.length > 0) return;
  await service.create({
    hostnames: ['localhost', '127.0.0.1'],
    name: 'Demo Bet',
    defaultLocale: 'en',
    metaTitle: 'Demo Bet — sports betting and casino',
    theme: DEMO_THEME,
    features: { homeVariant: 1, hideResultsTile: false, hideCasinoLinks: true, ...EVERY_PRODUCT },
    androidApkUrl: DEMO_APK_URL,
    supportChatUrl: DEMO_SUPPORT_URL,
    cashbackBasisPoints: 1000,
  });
  await service.create({
    hostnames: ['kartal.localhost'],
    name: 'Kartal Bahis',
    defaultLocale: 'tr',
    metaTitle: 'Kartal Bahis — canlı bahis ve casino',
    theme: {
      primary: '#c8102e',
      primaryContrast: '#ffffff',
      accent: '#1d1d1b',
      background: '#f4f4f4',
      surface: '#ffffff',
      text: '#1d1d1b',
      textMuted: '#6b6b6b',
      logoUrl: '/brand/kartal.svg',
    },
    features: { homeVariant: 2, hideResultsTile: true, hideCasinoLinks: false, ...EVERY_PRODUCT },
    androidApkUrl: DEMO_APK_URL,
    supportChatUrl: DEMO_SUPPORT_URL,
    cashbackBasisPoints: 500,
  });
}
