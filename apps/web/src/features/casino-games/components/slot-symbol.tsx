import type { SlotLayout } from '@sb/contract';

type Symbol = SlotLayout['symbols'][number];

/** Outline of a symbol in a 100×100 box (the server draws the same shapes on the thumbnails). */
function shapePath(shape: Symbol['shape']): string {
  const polygon = (points: number, inner: number, rotate = -Math.PI / 2) =>
    Array.from({ length: inner ? points * 2 : points }, (_, i) => {
      const r = inner && i % 2 === 1 ? 40 * inner : 40;
      const a = rotate + (i * Math.PI * 2) / (inner ? points * 2 : points);
      return `${(50 + r * Math.cos(a)).toFixed(1)},${(50 + r * Math.sin(a)).toFixed(1)}`;
    }).join(' ');
  switch (shape) {
    case 'diamond':
      return polygon(4, 0);
    case 'star':
      return polygon(5, 0.5);
    case 'triangle':
      return polygon(3, 0);
    case 'hexagon':
      return polygon(6, 0, 0);
    default:
      return '';
  }
}

/** One symbol on a reel: its shape in its colour with its label on top. */
export function SlotSymbol({ symbol, highlight = false }: { symbol: Symbol; highlight?: boolean }) {
  const points = shapePath(symbol.shape);
  const long = symbol.label.length > 2;
  return (
    <svg
      viewBox="0 0 100 100"
      className={`slot-symbol${highlight ? ' slot-symbol--win' : ''}`}
      role="img"
      aria-label={symbol.label}
    >
      {points ? (
        <polygon points={points} fill={symbol.colour} />
      ) : symbol.shape === 'square' ? (
        <rect x="14" y="14" width="72" height="72" rx="14" fill={symbol.colour} />
      ) : (
        <circle cx="50" cy="50" r="38" fill={symbol.colour} />
      )}
      <text
        x="50"
        y="50"
        dominantBaseline="central"
        textAnchor="middle"
        fontSize={long ? 22 : 38}
        fontWeight="800"
        fill="rgba(15,15,20,0.88)"
      >
        {symbol.label}
      </text>
    </svg>
  );
}
