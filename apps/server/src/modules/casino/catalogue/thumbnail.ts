import { createRequire } from 'node:module';
import jpeg from 'jpeg-js';
import * as PImage from 'pureimage';
import { ROULETTE_RED_NUMBERS, ROULETTE_WHEEL_ORDER } from '@sb/contract/constants';
import type { GameRecord } from './catalogue.repository';
import { THEMES, type ThemeSymbol } from './themes';

/** Thumbnails are square; tiles show them at 1×1 (≈100 px) or 2×2 (≈200 px) CSS pixels. */
export const THUMBNAIL_SIZE = 200;
const FONT = 'ThumbSans';
const require = createRequire(import.meta.url);
let fontLoaded = false;

/** The three gifenc functions used, as its README documents them (the package ships no type declarations). */
interface Gifenc {
  GIFEncoder(): {
    writeFrame(index: Uint8Array, width: number, height: number, options: { palette: number[][] }): void;
    finish(): void;
    bytes(): Uint8Array;
  };
  quantize(rgba: Uint8Array, maxColors: number): number[][];
  applyPalette(rgba: Uint8Array, palette: number[][]): Uint8Array;
}
// Loaded as CommonJS (its `main`) everywhere: its ESM build exports differently under bundlers.
const gifenc = require('gifenc') as Gifenc;

function loadFont(): void {
  if (fontLoaded) return;
  PImage.registerFont(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'), FONT).loadSync();
  fontLoaded = true;
}

type Ctx = ReturnType<ReturnType<typeof PImage.make>['getContext']>;

/** A symbol's outline centred at (x, y) with radius r, as the game page draws it. */
function shapePath(ctx: Ctx, shape: ThemeSymbol['shape'], x: number, y: number, r: number): void {
  ctx.beginPath();
  const polygon = (points: number, inner: number, rotate = -Math.PI / 2) => {
    for (let i = 0; i < points * (inner ? 2 : 1); i++) {
      const radius = inner && i % 2 === 1 ? r * inner : r;
      const a = rotate + (i * Math.PI * 2) / (points * (inner ? 2 : 1));
      const px = x + radius * Math.cos(a);
      const py = y + radius * Math.sin(a);
      if (i === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
    ctx.closePath();
  };
  if (shape === 'circle' || shape === 'bell' || shape === 'heart') ctx.arc(x, y, r, 0, Math.PI * 2);
  else if (shape === 'diamond') polygon(4, 0);
  else if (shape === 'star') polygon(5, 0.5);
  else if (shape === 'triangle') polygon(3, 0);
  else if (shape === 'hexagon') polygon(6, 0, 0);
  else ctx.rect(x - r, y - r, r * 2, r * 2);
}

/** Breaks a name into at most two lines that fit `width` at the current font. */
function wrap(ctx: Ctx, text: string, width: number): string[] {
  const words = text.split(' ');
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  lines.push(line);
  return lines.length > 2 ? [lines[0]!, lines.slice(1).join(' ')] : lines;
}

function centredText(ctx: Ctx, text: string, y: number, size: number, colour: string): void {
  let px = size;
  ctx.font = `${px}pt ${FONT}`;
  while (px > 9 && ctx.measureText(text).width > THUMBNAIL_SIZE - 16) ctx.font = `${--px}pt ${FONT}`;
  const w = ctx.measureText(text).width;
  ctx.fillStyle = 'rgba(0,0,0,0.55)';
  ctx.fillText(text, (THUMBNAIL_SIZE - w) / 2 + 1.5, y + 1.5);
  ctx.fillStyle = colour;
  ctx.fillText(text, (THUMBNAIL_SIZE - w) / 2, y);
}

function drawWheel(ctx: Ctx, cx: number, cy: number, r: number): void {
  const step = (Math.PI * 2) / ROULETTE_WHEEL_ORDER.length;
  ctx.fillStyle = '#6b4a12';
  ctx.beginPath();
  ctx.arc(cx, cy, r + 6, 0, Math.PI * 2);
  ctx.fill();
  ROULETTE_WHEEL_ORDER.forEach((n, i) => {
    // Pockets as polygons (a fan of short chords): pureimage fills these more reliably than arc wedges.
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    for (let k = 0; k <= 4; k++) {
      const a = (i + k / 4) * step - Math.PI / 2;
      ctx.lineTo(cx + r * Math.cos(a), cy + r * Math.sin(a));
    }
    ctx.closePath();
    const red = (ROULETTE_RED_NUMBERS as readonly number[]).includes(n);
    ctx.fillStyle = n === 0 ? '#1f9d55' : red ? '#c0392b' : '#1b1b1b';
    ctx.fill();
  });
  ctx.fillStyle = '#d4af37';
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.45, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = '#6b4a12';
  ctx.beginPath();
  ctx.arc(cx, cy, r * 0.2, 0, Math.PI * 2);
  ctx.fill();
}

function drawSymbol(ctx: Ctx, symbol: ThemeSymbol, x: number, y: number, r: number): void {
  ctx.fillStyle = 'rgba(0,0,0,0.35)';
  shapePath(ctx, symbol.shape, x + 3, y + 4, r);
  ctx.fill();
  ctx.fillStyle = symbol.colour;
  shapePath(ctx, symbol.shape, x, y, r);
  ctx.fill();
  const size = symbol.label.length > 2 ? r * 0.42 : r * 0.7;
  ctx.font = `${Math.round(size)}pt ${FONT}`;
  const w = ctx.measureText(symbol.label).width;
  ctx.fillStyle = 'rgba(20,20,20,0.85)';
  ctx.fillText(symbol.label, x - w / 2, y + size * 0.5);
}

/**
 * Draws a game's tile picture: its colours, a pattern that differs per game, its lead symbols (or a wheel for a
 * live table), the name in large type and the studio. RGBA pixels, THUMBNAIL_SIZE square.
 */
export function drawThumbnail(game: GameRecord, providerName: string): Uint8Array {
  loadFont();
  const image = PImage.make(THUMBNAIL_SIZE, THUMBNAIL_SIZE);
  const ctx = image.getContext('2d');
  const { background, accent } = game.config.colours;
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, THUMBNAIL_SIZE, THUMBNAIL_SIZE);
  // Rays whose count and angle come from the id: two games of one theme still look different.
  ctx.fillStyle = accent;
  ctx.globalAlpha = 0.16;
  const rays = 5 + (game.id % 7);
  for (let i = 0; i < rays; i++) {
    const a = (i / rays) * Math.PI * 2 + (game.id % 13) * 0.2;
    ctx.beginPath();
    ctx.moveTo(100, 84);
    ctx.lineTo(100 + 170 * Math.cos(a), 84 + 170 * Math.sin(a));
    ctx.lineTo(100 + 170 * Math.cos(a + 0.22), 84 + 170 * Math.sin(a + 0.22));
    ctx.closePath();
    ctx.fill();
  }
  ctx.globalAlpha = 1;
  const theme = game.config.theme !== undefined ? THEMES[game.config.theme] : undefined;
  if (game.config.kind === 'roulette' || !theme) drawWheel(ctx, 100, 80, 52);
  else {
    // Which symbols lead and on which side depend on the id, so games of one theme differ at a glance.
    const lead = theme.high[game.id % theme.high.length]!;
    const second = theme.high[(game.id + 1 + (game.id >> 2)) % theme.high.length]!;
    const mirror = (game.id >> 1) % 2 === 1;
    drawSymbol(ctx, second, mirror ? 52 : 148, 62, 26);
    drawSymbol(ctx, lead, mirror ? 112 : 88, 78, 44);
  }
  ctx.fillStyle = 'rgba(0,0,0,0.5)';
  ctx.fillRect(0, 134, THUMBNAIL_SIZE, 66);
  ctx.font = `19pt ${FONT}`;
  const lines = wrap(ctx, game.name.toUpperCase(), THUMBNAIL_SIZE - 16);
  lines.forEach((line, i) => centredText(ctx, line, lines.length === 1 ? 166 : 156 + i * 22, 19, '#ffffff'));
  ctx.font = `10pt ${FONT}`;
  centredText(ctx, providerName, 18, 10, accent);
  return new Uint8Array(image.data.buffer, image.data.byteOffset, image.data.byteLength);
}

/** GIF (256-colour palette quantised from the picture). */
export function encodeGif(rgba: Uint8Array): Buffer {
  const { GIFEncoder, applyPalette, quantize } = gifenc;
  const palette = quantize(rgba, 256);
  const index = applyPalette(rgba, palette);
  const gif = GIFEncoder();
  gif.writeFrame(index, THUMBNAIL_SIZE, THUMBNAIL_SIZE, { palette });
  gif.finish();
  return Buffer.from(gif.bytes());
}

export function encodeJpeg(rgba: Uint8Array): Buffer {
  return jpeg.encode({ data: Buffer.from(rgba), width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE }, 85).data;
}
