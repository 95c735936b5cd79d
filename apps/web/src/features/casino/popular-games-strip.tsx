import { lazy, Suspense } from 'react';
import { WhenNear } from '@/lib/server-markup';

const HomePopularGames = lazy(async () => ({
  default: (await import('./components/home-popular-games')).HomePopularGames,
}));

/**
 * Height of the strip (heading 44 px + gap 8 px + two tile rows of 138 px and their 8 px gap + 4 px), held while its
 * code loads so the home page does not jump. Kept in step with game-tile.css.
 */
const STRIP_HEIGHT_PX = 44 + 8 + 2 * 138 + 8 + 4;

/**
 * The home page's popular casino games strip. This file is all the home page's first load carries: the tiles,
 * their styles and the casino calls arrive in their own chunk when the strip scrolls near (the server renders only
 * its room).
 */
export function PopularGamesStrip() {
  const placeholder = <div style={{ minHeight: STRIP_HEIGHT_PX }} aria-hidden="true" />;
  return (
    <WhenNear fallback={placeholder}>
      <Suspense fallback={placeholder}>
        <HomePopularGames />
      </Suspense>
    </WhenNear>
  );
}
