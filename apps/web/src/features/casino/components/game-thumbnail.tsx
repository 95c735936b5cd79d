import { useState, type CSSProperties } from 'react';

/** Spec §8: a thumbnail that fails as `.gif` is tried once more as `.jpg`; anything else has no second try. */
export function fallbackThumbnail(src: string): string | null {
  return /\.gif(\?|$)/i.test(src) ? src.replace(/\.gif(\?|$)/i, '.jpg$1') : null;
}

/**
 * A game's picture. The box has a fixed size (CSS), so nothing moves when the image arrives. The whole square
 * picture always shows (it carries the game's name drawn in): where a popular tile's box is taller than square,
 * a blurred copy of the same picture fills the rest. When both the gif and the jpg fail, the game's initial
 * stands in for a broken-image icon.
 */
export function GameThumbnail({ src, name }: { src: string; name: string }) {
  const [current, setCurrent] = useState(src);
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <span className="game-tile__picture game-thumb--missing" aria-hidden="true">
        {name.slice(0, 1).toUpperCase()}
      </span>
    );
  return (
    <span className="game-tile__picture" style={{ '--thumb': `url("${current}")` } as CSSProperties}>
      <img
        className="game-thumb"
        src={current}
        alt=""
        loading="lazy"
        decoding="async"
        width={200}
        height={200}
        onError={() => {
          const next = current === src ? fallbackThumbnail(src) : null;
          if (next) setCurrent(next);
          else setFailed(true);
        }}
      />
    </span>
  );
}
