import { useEffect, useRef, type ReactNode } from 'react';
import type { Banner, BannerPlacement } from '@sb/contract';
import { BANNER_ASPECT_RATIO } from '@sb/contract/constants';
import { Link } from '@/components/ui/link';
import { useAppContext } from '@/lib/app-context';
import { useTranslation } from '@/lib/i18n';
import { replaceLocale } from '@/lib/locale-path';
import { useBanners } from './api/get-banners';
import './banner-strip.css';

function Slide({ banner, first }: { banner: Banner; first: boolean }) {
  const { locale } = useAppContext();
  // The first picture is the page's largest paint: fetched at once; the others only when swiped near.
  const picture = (
    <img
      className="banner-strip__image"
      src={banner.image}
      alt={banner.alt}
      width={1200}
      height={1200 / BANNER_ASPECT_RATIO}
      loading={first ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={first ? 'high' : 'auto'}
    />
  );
  return banner.external ? (
    <a className="banner-strip__link" href={banner.link} target="_blank" rel="noopener noreferrer">
      {picture}
    </a>
  ) : (
    <Link className="banner-strip__link" to={replaceLocale(banner.link, locale)}>
      {picture}
    </Link>
  );
}

/**
 * Issue 35 §1: the brand's banners on a page, in its order, one picture wide (the next one peeks in), swiped with
 * CSS scroll-snap. With two or more, the spec's carousel turning (§9: every 3 s, wrap-around) loads in a chunk of
 * its own. Each picture sits in a box of the banners' fixed shape, so nothing moves when it arrives. Without
 * banners it shows `fallback` (the casino page's own banner to slots), or nothing.
 */
export function BannerStrip({
  placement,
  fallback = null,
}: {
  placement: BannerPlacement;
  fallback?: ReactNode;
}) {
  const { t } = useTranslation();
  const { locale } = useAppContext();
  const { data } = useBanners(placement, locale);
  const ref = useRef<HTMLDivElement>(null);
  const count = data?.length ?? 0;
  useEffect(() => {
    const strip = ref.current;
    if (!strip || count < 2) return;
    let stop: (() => void) | undefined;
    let ended = false;
    void import('./banner-autoplay').then(({ autoplay }) => {
      if (!ended) stop = autoplay(strip);
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [count]);
  // While the list loads (a page opened in the app; the server's first view has it), the fallback holds the place.
  if (!data?.length) return fallback;
  return (
    <div
      className={`banner-strip${count > 1 ? ' banner-strip--many' : ''}`}
      ref={ref}
      role={count > 1 ? 'region' : undefined}
      aria-roledescription={count > 1 ? 'carousel' : undefined}
      aria-label={t('home.banners')}
      data-testid={`banners-${placement}`}
    >
      {data.map((banner, i) => (
        <div className="banner-strip__slide" key={banner.id}>
          <Slide banner={banner} first={i === 0} />
        </div>
      ))}
    </div>
  );
}
