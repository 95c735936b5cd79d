import { useEffect, useRef } from 'react';
import type { CrashRoundView } from '@sb/contract';
import { GROWTH_PER_MS, multiplierAt, timeOf } from '@sb/crash';
import { formatMultiplier } from './crash-math';

/**
 * The flight: the curve m(t) = e^(GROWTH_PER_MS·t) drawn on a canvas every animation frame from the round's start on the
 * server's clock (corrected by the feed's timestamps), and the multiplier in large type. The server's ticks keep
 * the offset right; the crash and its point come from the server only.
 */
export function CrashCurve({
  round,
  offsetMs,
  labels,
}: {
  round: CrashRoundView | null;
  offsetMs: number;
  labels: { waiting: string; crashed: string };
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const text = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    let frame = 0;
    const draw = () => {
      const c = canvas.current;
      const ctx = c?.getContext('2d');
      const now = Date.now() + offsetMs;
      let elapsed = 0;
      let shown = '';
      if (round?.phase === 'flying' && round.startedAt !== null) {
        elapsed = Math.max(0, now - round.startedAt);
        shown = formatMultiplier(multiplierAt(elapsed));
      } else if (round?.phase === 'crashed' && round.crashPoint !== null) {
        elapsed = timeOf(round.crashPoint);
        shown = `${labels.crashed} ${formatMultiplier(round.crashPoint)}`;
      } else if (round?.phase === 'betting') {
        shown = `${labels.waiting} ${Math.max(0, Math.ceil((round.bettingEndsAt - now) / 1000))}s`;
      }
      if (text.current && text.current.textContent !== shown) text.current.textContent = shown;
      if (c && ctx) {
        const width = c.clientWidth;
        const height = c.clientHeight;
        if (c.width !== width || c.height !== height) {
          c.width = width;
          c.height = height;
        }
        ctx.clearRect(0, 0, width, height);
        if (elapsed > 0) {
          const spanMs = Math.max(10_000, elapsed * 1.15);
          const top = Math.max(2, Math.exp(GROWTH_PER_MS * spanMs));
          ctx.beginPath();
          ctx.lineWidth = 4;
          ctx.strokeStyle = round?.phase === 'crashed' ? '#888' : getComputedStyle(c).color;
          for (let i = 0; i <= 60; i++) {
            const t = (elapsed * i) / 60;
            const x = (t / spanMs) * width;
            const y = height - ((Math.exp(GROWTH_PER_MS * t) - 1) / (top - 1)) * (height - 8);
            if (i === 0) ctx.moveTo(x, y);
            else ctx.lineTo(x, y);
          }
          ctx.stroke();
        }
      }
      frame = requestAnimationFrame(draw);
    };
    frame = requestAnimationFrame(draw);
    return () => cancelAnimationFrame(frame);
  }, [round, offsetMs, labels.waiting, labels.crashed]);
  return (
    <div className={`crash-curve crash-curve--${round?.phase ?? 'none'}`} data-testid="crash-curve">
      <canvas ref={canvas} className="crash-curve__canvas" aria-hidden="true" />
      <span ref={text} className="crash-curve__multiplier" data-testid="crash-multiplier" aria-live="off" />
    </div>
  );
}
