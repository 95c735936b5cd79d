import { useEffect, useRef } from 'react';
import type { CrashRoundView } from '@sb/contract';
import { GROWTH_PER_MS, multiplierAt, timeOf } from '@sb/crash';
import { formatMultiplier } from './crash-math';

/**
 * The flight at `now` (server clock, ms): the time flown (the whole flight once crashed, 0 before take-off) and
 * the text over the curve (the multiplier, the crash point, or the countdown to the next round).
 */
function flightAt(
  round: CrashRoundView | null,
  now: number,
  labels: { waiting: string; crashed: string },
): { elapsed: number; shown: string } {
  if (round?.phase === 'flying' && round.startedAt !== null) {
    const elapsed = Math.max(0, now - round.startedAt);
    return { elapsed, shown: formatMultiplier(multiplierAt(elapsed)) };
  }
  if (round?.phase === 'crashed' && round.crashPoint !== null)
    return {
      elapsed: timeOf(round.crashPoint),
      shown: `${labels.crashed} ${formatMultiplier(round.crashPoint)}`,
    };
  if (round?.phase === 'betting')
    return {
      elapsed: 0,
      shown: `${labels.waiting} ${Math.max(0, Math.ceil((round.bettingEndsAt - now) / 1000))}s`,
    };
  return { elapsed: 0, shown: '' };
}

/** Draws m(t) from take-off to `elapsed` ms, scaled to the canvas (sized to its box), greyed once crashed. */
function drawCurve(c: HTMLCanvasElement, ctx: CanvasRenderingContext2D, elapsed: number, crashed: boolean) {
  const width = c.clientWidth;
  const height = c.clientHeight;
  if (c.width !== width || c.height !== height) {
    c.width = width;
    c.height = height;
  }
  ctx.clearRect(0, 0, width, height);
  if (elapsed <= 0) return;
  const spanMs = Math.max(10_000, elapsed * 1.15);
  const top = Math.max(2, Math.exp(GROWTH_PER_MS * spanMs));
  ctx.beginPath();
  ctx.lineWidth = 4;
  ctx.strokeStyle = crashed ? '#888' : getComputedStyle(c).color;
  for (let i = 0; i <= 60; i++) {
    const t = (elapsed * i) / 60;
    const x = (t / spanMs) * width;
    const y = height - ((Math.exp(GROWTH_PER_MS * t) - 1) / (top - 1)) * (height - 8);
    if (i === 0) ctx.moveTo(x, y);
    else ctx.lineTo(x, y);
  }
  ctx.stroke();
}

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
      const { elapsed, shown } = flightAt(round, Date.now() + offsetMs, labels);
      if (text.current && text.current.textContent !== shown) text.current.textContent = shown;
      if (c && ctx) drawCurve(c, ctx, elapsed, round?.phase === 'crashed');
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
