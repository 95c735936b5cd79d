import type { FixtureEvent } from '@sb/contract';
import { html, trustedHtml, type Html } from '../../lib/html';

const page = (title: string, body: Html, refreshSeconds: number) =>
  html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta http-equiv="refresh" content="${refreshSeconds}"><title>${title}</title>
<style>
body{margin:0;font:14px system-ui,sans-serif;background:#0f1a14;color:#f2f5f3}
.head{display:flex;justify-content:space-between;align-items:center;padding:10px 12px;background:#17261d}
.score{font-size:26px;font-weight:700}.muted{color:#9bb0a3;font-size:12px}
.pitch{position:relative;height:120px;margin:10px 12px;border:2px solid #3c7a52;border-radius:6px;background:#1d5b34}
.pitch .mid{position:absolute;left:50%;top:0;bottom:0;border-left:2px solid #3c7a52}
.ball{position:absolute;top:50%;width:12px;height:12px;margin:-6px;border-radius:50%;background:#fff}
table{width:calc(100% - 24px);margin:8px 12px;border-collapse:collapse}td,th{padding:4px;text-align:center;border-bottom:1px solid #24382b}
ul{margin:8px 12px;padding:0;list-style:none}li{padding:3px 0;border-bottom:1px solid #24382b}
</style></head><body>${body}</body></html>`.text;

/** Looks a text up in the request locale's translation table (the key itself when missing). */
export type Translate = (key: string) => string;

function header(e: FixtureEvent, t: Translate): Html {
  const clock = e.isLive
    ? `${e.periodTime}'${e.addedTime > 0 ? ` +${e.addedTime}` : ''}`
    : e.status === 'ended'
      ? t('widget.full_time')
      : new Date(e.startDate).toISOString().slice(0, 16).replace('T', ' ');
  const phase = t(`phase.${e.status}`);
  return html`<div class="head"><div>${e.home.name}</div>
<div><div class="score">${e.data.score.home} : ${e.data.score.away}</div><div class="muted">${clock} · ${phase.startsWith('phase.') ? e.status : phase}</div></div>
<div>${e.away.name}</div></div>`;
}

function statsTable(e: FixtureEvent, t: Translate): Html {
  const rows = (['score', 'corner', 'yellow', 'red'] as const).map(
    (k) =>
      html`<tr><td>${e.stat[k].home}</td><th>${t(`widget.stat.${k}`)}</th><td>${e.stat[k].away}</td></tr>`,
  );
  const periods = e.data.stats.map(
    (p) =>
      html`<tr><td>${p.score.home}</td><th>${t('widget.period')} ${p.period}</th><td>${p.score.away}</td></tr>`,
  );
  return html`<table><tr><th>${e.home.name}</th><th></th><th>${e.away.name}</th></tr>${rows}${periods}</table>`;
}

export interface Incident {
  minute: number;
  type: string;
  team: 'home' | 'away' | null;
  text: string;
  /** Football's half; absent on other sports (and on incidents stored before it was kept). */
  period?: 1 | 2;
}

/** A football minute as the game counts it: added time of the first half is 45+n, of the second 90+n. */
export function incidentMinute(i: Incident): string {
  const end = i.period === 1 ? 45 : i.period === 2 ? 90 : Infinity;
  return i.minute > end ? `${end}+${i.minute - end}'` : `${i.minute}'`;
}

/**
 * The score visualisation / match tracker: score, clock, ball position of the last incident, and the latest
 * incidents newest first, in the order they happened (stored oldest first).
 */
export function trackerHtml(e: FixtureEvent, incidents: Incident[], t: Translate): string {
  const last = incidents[incidents.length - 1];
  const x = last?.team === 'home' ? 75 : last?.team === 'away' ? 25 : 50;
  const list = [...incidents]
    .reverse()
    .slice(0, 12)
    .map(
      (i) =>
        html`<li data-period="${i.period ?? 0}">${incidentMinute(i)} ${t(`incident.${i.type}`)}${i.type === 'goal' && i.text ? ` · ${i.text}` : ''}</li>`,
    );
  const body = html`${header(e, t)}<div class="pitch"><div class="mid"></div><div class="ball" style="left:${x}%"></div></div>
<ul>${list.length ? list : html`<li class="muted">${t(e.isLive ? 'widget.match_in_progress' : 'widget.match_not_started')}</li>`}</ul>`;
  return page(`${e.home.name} - ${e.away.name}`, body, 5);
}

/** The match-statistics widget (by rid): totals and per-period scores. */
export function statsHtml(e: FixtureEvent, t: Translate): string {
  return page(
    `${t('widget.statistics')} ${e.home.name} - ${e.away.name}`,
    html`${header(e, t)}${statsTable(e, t)}`,
    10,
  );
}

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};

/**
 * The initials' colour on the crest's fill: the team's second colour when it reads on the first (WCAG large text,
 * contrast ≥ 3), else black or white, whichever reads better (a team in white and white still shows its initials).
 */
export function initialsColour(primary: string, secondary: string): string {
  if (contrast(primary, secondary) >= 3) return secondary;
  return contrast(primary, '#000000') >= contrast(primary, '#ffffff') ? '#000000' : '#ffffff';
}

/** A team crest drawn from its colours and initials. */
export function crestSvg(name: string, crest: { primary: string; secondary: string; shape: number }): string {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 3)
    .toUpperCase();
  const colour = (c: string) => (/^#[0-9a-f]{6}$/i.test(c) ? c : '#888888');
  const shapes = [
    '<path d="M32 2 L60 12 L56 44 L32 62 L8 44 L4 12 Z"',
    '<circle cx="32" cy="32" r="30"',
    '<rect x="4" y="4" width="56" height="56" rx="10"',
  ];
  return html`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${trustedHtml(shapes[crest.shape % 3]!)} fill="${colour(crest.primary)}" stroke="${colour(crest.secondary)}" stroke-width="4"/><text x="32" y="39" font-family="sans-serif" font-size="18" font-weight="700" text-anchor="middle" fill="${initialsColour(colour(crest.primary), colour(crest.secondary))}">${initials}</text></svg>`
    .text;
}
