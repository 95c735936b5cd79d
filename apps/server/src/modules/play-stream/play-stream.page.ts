import { html, scriptJson, trustedHtml, type Html } from '../../lib/html';
import type { MatchView, Translate } from './match-view';

/** Seconds between two polls of the state endpoint while the match is live (slower when it is not). */
export const POLL_LIVE_MS = 2_000;
export const POLL_IDLE_MS = 15_000;

const STYLE = `
*{box-sizing:border-box}html,body{margin:0;background:#0b140f;color:#eef3f0;font:14px/1.35 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.board{display:grid;grid-template-columns:1fr auto 1fr;align-items:center;gap:8px;padding:10px 12px;background:#13241a}
.team{display:flex;align-items:center;gap:6px;min-width:0;font-weight:600}.team span{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.team.away{justify-content:flex-end;text-align:right}.kit{flex:none;width:12px;height:12px;border-radius:3px;border:1px solid #ffffff55}
.mid{text-align:center}.score{font-size:26px;font-weight:800;letter-spacing:1px;font-variant-numeric:tabular-nums}
.clock{display:inline-block;min-width:56px;padding:1px 8px;border-radius:10px;background:#c62828;color:#fff;font-size:12px;font-weight:700}
.clock.idle{background:#2d4236}.phase{color:#9fb5a8;font-size:12px;margin-top:2px}
.stage{position:relative;margin:8px}svg{display:block;width:100%;height:auto;border-radius:8px}
#ball{transition:transform .9s ease-in-out}#zone{transition:opacity .5s,x .5s}
.banner{position:absolute;left:50%;top:50%;transform:translate(-50%,-50%) scale(.9);max-width:90%;padding:8px 16px;border-radius:8px;background:#000c;color:#fff;font-size:18px;font-weight:800;text-align:center;opacity:0;transition:opacity .3s,transform .3s;pointer-events:none}
.banner.show{opacity:1;transform:translate(-50%,-50%) scale(1)}.banner.goal{background:#1b8f3a}.banner.yellow{background:#c9a400;color:#111}.banner.red{background:#c62828}
.play{margin:0 8px;padding:8px 10px;border-radius:6px;background:#13241a;color:#cfe0d5;min-height:36px}
.stats{margin:8px;display:grid;gap:8px}.stat{display:grid;grid-template-columns:28px 1fr 28px;align-items:end;gap:6px;font-variant-numeric:tabular-nums}
.stat b{text-align:center}.lbl{color:#cfe0d5;font-size:12px;text-align:center}.bar{display:flex;gap:2px;height:6px;margin-top:3px}
.bar i{display:block;border-radius:3px;min-width:3px}
ol{list-style:none;margin:8px;padding:0}li{display:flex;gap:8px;align-items:center;min-height:32px;padding:4px 6px;border-bottom:1px solid #1f3327}
li .min{flex:none;min-width:52px;white-space:nowrap;color:#9fb5a8;font-variant-numeric:tabular-nums}li.away{flex-direction:row-reverse;text-align:right}
.ico{flex:none;width:10px;height:14px;border-radius:2px}.ico.yellow{background:#f2c200}.ico.red{background:#d32f2f}.ico.goal{width:12px;height:12px;border-radius:50%;background:#fff}.ico.corner{background:linear-gradient(135deg,#ff9800 50%,transparent 50%)}
.note{margin:8px;color:#9fb5a8;font-size:12px}#status:empty{display:none}#status{margin:8px;padding:8px;border-radius:6px;background:#5d1f1f}
`;

/** Playing surfaces of the catalogue's sports: colour, and whether the lines are a football pitch or a court. */
const SURFACES: Record<number, { fill: string; alt: string; lines: string; net: boolean }> = {
  1: { fill: '#2e7d32', alt: '#388e3c', lines: '#e8f5e9', net: false },
  12: { fill: '#2e7d32', alt: '#388e3c', lines: '#e8f5e9', net: false },
  2: { fill: '#b9783f', alt: '#c4844a', lines: '#fff3e0', net: false },
  4: { fill: '#dfeaf2', alt: '#e8f1f7', lines: '#c62828', net: false },
  5: { fill: '#2f5d8a', alt: '#2f5d8a', lines: '#ffffff', net: true },
  6: { fill: '#1e5aa8', alt: '#2366b8', lines: '#ffffff', net: false },
  20: { fill: '#1d3f73', alt: '#1d3f73', lines: '#ffffff', net: true },
  23: { fill: '#d9822b', alt: '#d9822b', lines: '#ffffff', net: true },
};

const FOOTBALL_LINES =
  trustedHtml(`<rect x="1" y="13.85" width="16.5" height="40.3"/><rect x="87.5" y="13.85" width="16.5" height="40.3"/>
<rect x="1" y="24.85" width="5.5" height="18.3"/><rect x="98.5" y="24.85" width="5.5" height="18.3"/><rect x="-1" y="30.35" width="2" height="7.3"/><rect x="104" y="30.35" width="2" height="7.3"/>`);

/** The playing surface: 105 × 68 units, its markings, the attacked zone and the ball. */
function pitchSvg(sportId: number): Html {
  const s = SURFACES[sportId] ?? SURFACES[1]!;
  const football = sportId === 1;
  const middle = s.net
    ? html`<line x1="52.5" y1="0" x2="52.5" y2="68" stroke-width="1.2"/>`
    : html`<line x1="52.5" y1="1" x2="52.5" y2="67"/><circle cx="52.5" cy="34" r="9.15"/>`;
  return html`<svg viewBox="0 0 105 68" role="img" aria-labelledby="pitch-title"><title id="pitch-title"></title>
<defs><pattern id="stripes" width="21" height="68" patternUnits="userSpaceOnUse"><rect width="10.5" height="68" fill="${s.fill}"/><rect x="10.5" width="10.5" height="68" fill="${s.alt}"/></pattern></defs>
<rect width="105" height="68" fill="url(#stripes)"/><rect id="zone" x="70" y="0" width="35" height="68" fill="#fff" opacity="0"/>
<g fill="none" stroke="${s.lines}" stroke-width=".5" opacity=".85"><rect x="1" y="1" width="103" height="66"/>${middle}${football && FOOTBALL_LINES}</g>
<g id="ball" style="transform:translate(52.5px,34px)"><circle r="1.6" fill="#fff" stroke="#222" stroke-width=".3"/></g></svg>`;
}

function statRows(view: MatchView): Html[] {
  return view.stats.map((s) => {
    const share = s.home + s.away === 0 ? 50 : Math.round((s.home / (s.home + s.away)) * 100);
    return html`<div class="stat"><b>${s.home}</b><div><div class="lbl">${s.label}</div><div class="bar"><i style="width:${share}%;background:${view.home.colour}"></i><i style="width:${100 - share}%;background:${view.away.colour}"></i></div></div><b>${s.away}</b></div>`;
  });
}

function incidentItems(view: MatchView, t: Translate): Html | Html[] {
  if (view.incidents.length === 0)
    return html`<li class="muted">${t(view.live ? 'widget.match_in_progress' : 'widget.match_not_started')}</li>`;
  return view.incidents.map(
    (i) =>
      html`<li class="${i.team}"><span class="min">${i.minute}</span><span class="ico ${i.type}"></span><span>${i.text}</span></li>`,
  );
}

/** The stream frame: the scoreboard, the pitch and lists drawn on the server, kept live by the script. */
export function playStreamHtml(
  view: MatchView,
  options: { t: Translate; locale: string; nonce: string; stateUrl: string },
): string {
  const { t } = options;
  const title = `${view.home.name} - ${view.away.name}`;
  const texts = {
    stale: t('stream.reconnecting'),
    expired: t('stream.session_expired'),
    kickoff: t('stream.kick_off_at'),
  };
  const state = trustedHtml(
    scriptJson({
      view,
      texts,
      stateUrl: options.stateUrl,
      locale: options.locale,
      pollLiveMs: POLL_LIVE_MS,
      pollIdleMs: POLL_IDLE_MS,
    }),
  );
  return html`<!doctype html>
<html lang="${options.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${title}</title><style>${trustedHtml(STYLE)}</style></head><body>
<header class="board"><div class="team home"><i class="kit" style="background:${view.home.colour}"></i><span id="home-name">${view.home.name}</span></div>
<div class="mid"><div class="score" id="score">${view.home.score} : ${view.away.score}</div><span class="clock${view.live ? '' : ' idle'}" id="clock">${view.clock}</span><div class="phase" id="phase">${view.phase}</div></div>
<div class="team away"><span id="away-name">${view.away.name}</span><i class="kit" style="background:${view.away.colour}"></i></div></header>
<div class="stage">${pitchSvg(view.sportId)}<div class="banner" id="banner" role="status"></div></div>
<p class="play" id="play" aria-live="polite">${view.play}</p>
<div class="stats" id="stats">${statRows(view)}</div>
<ol id="incidents">${incidentItems(view, t)}</ol>
<p id="status" role="alert"></p><p class="note">${t('stream.simulated_note')}</p>
<script type="application/json" id="sb-state">${state}</script>
<script nonce="${options.nonce}">${trustedHtml(CLIENT_SCRIPT)}</script>
</body></html>`.text;
}

/**
 * The page's script (plain ES2020, no build step): polls the state endpoint with the page's own token and
 * redraws with textContent only (never HTML from data); the ball wanders around the play's spot while live.
 */
const CLIENT_SCRIPT = `(() => {
const boot = JSON.parse(document.getElementById('sb-state').textContent);
const $ = (id) => document.getElementById(id);
const token = new URLSearchParams(location.search).get('access_token') || '';
let view = boot.view, shown = null, seed = 1, timer = 0;
const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
function kickoff(v) {
  if (!v.startDate) return v.clock;
  const d = new Date(v.startDate);
  return boot.texts.kickoff + ' ' + d.toLocaleTimeString(boot.locale === 'tr' ? 'tr-TR' : 'en-GB', { hour: '2-digit', minute: '2-digit' });
}
function el(tag, cls, text) { const e = document.createElement(tag); if (cls) e.className = cls; if (text !== undefined) e.textContent = text; return e; }
function placeBall() {
  const jitterX = view.ball.moving ? (rnd() - 0.5) * 10 : 0, jitterY = view.ball.moving ? (rnd() - 0.5) * 14 : 0;
  const x = Math.min(103, Math.max(2, view.ball.x * 1.05 + jitterX)), y = Math.min(66, Math.max(2, view.ball.y * 0.68 + jitterY));
  $('ball').style.transform = 'translate(' + x.toFixed(1) + 'px,' + y.toFixed(1) + 'px)';
  const zone = $('zone'), attack = view.live && (view.ball.x > 66 || view.ball.x < 34);
  zone.setAttribute('x', view.ball.x > 50 ? '70' : '0');
  zone.setAttribute('opacity', attack ? '0.14' : '0');
}
function banner(v, first) {
  const h = v.headline;
  if (!h || h.key === shown) return;
  const fresh = shown !== null || (first && h.recent);
  shown = h.key;
  if (!fresh) return;
  const b = $('banner');
  b.textContent = h.text; b.className = 'banner show ' + h.type;
  setTimeout(() => { b.className = 'banner'; }, 4000);
}
function render(v, first) {
  view = v;
  $('score').textContent = v.home.score + ' : ' + v.away.score;
  $('clock').textContent = v.live ? v.clock : (v.ended ? v.clock : kickoff(v));
  $('clock').className = 'clock' + (v.live ? '' : ' idle');
  $('phase').textContent = v.phase;
  $('play').textContent = v.play;
  $('pitch-title').textContent = v.home.name + ' - ' + v.away.name + ': ' + v.play;
  const stats = $('stats'); stats.replaceChildren();
  for (const s of v.stats) {
    const row = el('div', 'stat'), mid = el('div'), bar = el('div', 'bar'), home = el('i'), away = el('i');
    const share = s.home + s.away === 0 ? 50 : Math.round(s.home / (s.home + s.away) * 100);
    home.style.width = share + '%'; home.style.background = v.home.colour;
    away.style.width = (100 - share) + '%'; away.style.background = v.away.colour;
    bar.append(home, away);
    mid.append(el('div', 'lbl', s.label), bar);
    row.append(el('b', '', String(s.home)), mid, el('b', '', String(s.away)));
    stats.append(row);
  }
  if (v.incidents.length) {
    const list = $('incidents'); list.replaceChildren();
    for (const i of v.incidents) {
      const li = el('li', i.team || '');
      li.append(el('span', 'min', i.minute), el('span', 'ico ' + i.type), el('span', '', i.text));
      list.append(li);
    }
  }
  banner(v, first);
  placeBall();
}
async function poll() {
  try {
    const url = boot.stateUrl + '?access_token=' + encodeURIComponent(token) + '&locale=' + encodeURIComponent(boot.locale);
    const res = await fetch(url, { cache: 'no-store', credentials: 'omit' });
    if (res.status === 401) {
      $('status').textContent = boot.texts.expired;
      if (window.parent !== window) window.parent.postMessage({ type: 'play-stream:expired', eventId: view.eventId }, '*');
      return;
    }
    if (!res.ok) throw new Error(String(res.status));
    $('status').textContent = '';
    render((await res.json()).result, false);
  } catch (e) {
    $('status').textContent = boot.texts.stale;
  }
  timer = setTimeout(poll, view.live ? boot.pollLiveMs : boot.pollIdleMs);
}
render(view, true);
setInterval(() => { if (view.live) placeBall(); }, 1000);
timer = setTimeout(poll, view.live ? boot.pollLiveMs : boot.pollIdleMs);
})();`;
