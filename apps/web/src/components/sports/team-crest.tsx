import { useState } from 'react';
import { baseUrl } from '@/lib/runtime-config';
import './sports.css';

/** Spec §8: a logo that fails to load gives way to this default shield (inline, so it cannot fail). */
export const DEFAULT_CREST =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><path d="M32 2 L60 12 L56 44 L32 62 L8 44 L4 12 Z" fill="#8a958f" stroke="#c9d1cc" stroke-width="4"/></svg>',
  );

/** The crest address: the server's paths live on the {api} host. */
export const crestUrl = (logo: string): string =>
  logo === '' ? DEFAULT_CREST : logo.startsWith('/') ? baseUrl('api') + logo : logo;

/**
 * A team crest of fixed size (no layout shift while it loads), falling back to the default shield. Fetched at
 * low priority: an 18-pixel decoration, never the page's content. That also keeps the server's render from
 * putting a `<link rel="preload">` in the page for each crest (React does for every eager image): home had 31
 * of them ahead of the app's script on a phone's connection.
 */
export function TeamCrest({ logo, size = 18 }: { logo: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      className="team-crest"
      src={failed ? DEFAULT_CREST : crestUrl(logo)}
      width={size}
      height={size}
      alt=""
      decoding="async"
      fetchPriority="low"
      onError={() => setFailed(true)}
    />
  );
}
