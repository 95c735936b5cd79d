import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Banner } from '@sb/contract';
import { configureApiClient } from '@/lib/api-client';
import { jsonResponse, renderScreen } from '@/test/render';
import { BannerStrip } from './banner-strip';
import { nextBannerLeft } from './banner-autoplay';

const BANNERS: Banner[] = [
  {
    id: 3,
    image: '/api/v1/banners/images/3-00000000000000aa.png',
    link: '/slot',
    external: false,
    alt: 'Slots',
  },
  {
    id: 1,
    image: '/api/v1/banners/images/1-00000000000000bb.jpg',
    link: 'https://help.example.com/offer',
    external: true,
    alt: 'Offer',
  },
];

let fetchMock: ReturnType<typeof vi.fn>;
const answer = (banners: Banner[]) =>
  fetchMock.mockImplementation(async () => jsonResponse(200, { result: banners }));
beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  configureApiClient({ locale: 'en' });
});

describe('BannerStrip', () => {
  it('shows the brand’s banners in order: app links under the language, outside ones in a new tab', async () => {
    answer(BANNERS);
    // The client's own language still the last page's (another test's, or a render behind the route).
    configureApiClient({ locale: 'tr' });
    await renderScreen(<BannerStrip placement="home" />, { path: '/en/' });
    const strip = await screen.findByTestId('banners-home');
    const links = within(strip).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/en/slot', 'https://help.example.com/offer']);
    expect(links[1]).toHaveAttribute('target', '_blank');
    expect(links[1]).toHaveAttribute('rel', 'noopener noreferrer');
    const pictures = within(strip).getAllByRole('img');
    expect(pictures.map((p) => p.getAttribute('alt'))).toEqual(['Slots', 'Offer']);
    // The first is the page's largest paint; the others wait until swiped near. Each holds its box's shape.
    expect(pictures.map((p) => p.getAttribute('loading'))).toEqual(['eager', 'lazy']);
    expect(
      pictures.every((p) => p.getAttribute('width') === '1200' && p.getAttribute('height') === '400'),
    ).toBe(true);
    expect(strip).toHaveAttribute('aria-roledescription', 'carousel');
    // The strip asks in the page's language, named in the request (never the client's lagging default).
    const asked = fetchMock.mock.calls.map((c) => new URL(String(c[0]), 'http://localhost'));
    expect(
      asked.map((u) => [u.pathname, u.searchParams.get('placement'), u.searchParams.get('locale')]),
    ).toEqual([['/api/v1/banners', 'home', 'en']]);
  });

  it('shows the fallback when the brand has no banner for the page', async () => {
    answer([]);
    await renderScreen(<BannerStrip placement="casino" fallback={<p>slots banner</p>} />, {
      path: '/en/casino',
    });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(await screen.findByText('slots banner')).toBeInTheDocument();
    expect(screen.queryByTestId('banners-casino')).toBeNull();
  });

  it('turns to the next banner and wraps around after the last', () => {
    expect(nextBannerLeft(0, 600, [0, 330, 660])).toBe(330);
    expect(nextBannerLeft(330, 600, [0, 330, 660])).toBe(600);
    expect(nextBannerLeft(600, 600, [0, 330, 660])).toBe(0);
  });
});
