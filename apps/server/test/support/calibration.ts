import {
  footballTimeline,
  stepFootball,
  type FootballSide,
} from '../../src/modules/producer/simulator/football.sim';
import { stepPeriod } from '../../src/modules/producer/simulator/period.sim';
import type { SimState } from '../../src/modules/producer/simulator/sim-state';
import {
  FOOTBALL,
  initialState,
  priceEvent,
  settleEvent,
  VIRTUAL_FOOTBALL,
  VIRTUAL_MARKET_TYPES,
  type MatchFacts,
  type PricingEvent,
} from '../../src/modules/sports/pricing/event-pricing';
import { DEFAULT_PRICING } from '../../src/modules/sports/pricing/pricing-options';
import {
  footballRates,
  timeLeft,
  type FootballState,
  type Player,
} from '../../src/modules/sports/pricing/football.facts';
import { footballMarkets } from '../../src/modules/sports/pricing/football.markets';
import { priceFootball } from '../../src/modules/sports/pricing/football.model';
import type { PricedMarket, Result } from '../../src/modules/sports/pricing/market-spec';
import { PERIOD_SPORTS } from '../../src/modules/sports/pricing/period.markets';
import { periodRates, type PeriodState } from '../../src/modules/sports/pricing/period.model';
import { hashSeed } from '../../src/modules/sports/pricing/random';

/**
 * Calibration harness (issue 31 item 4, one law): the real simulator step functions play 20,000 matches per
 * model, and every open selection the model offers (pre-match and in play at several moments) is bet one unit on
 * each match that passes there. A selection's EV is its mean return per unit at the offered odd; the book is
 * calibrated when no EV is above 1 by more than 3 standard errors of that mean. Used by
 * `sports/pricing/calibration.*.test.ts`; the producer README quotes the largest EVs they print.
 */
export const MATCHES = 20_000;
const Z = 3;

/** A unit bet's return: win → odd, half win → (odd + 1)/2, push → 1, half loss → 1/2, loss → 0. */
export const unitReturn = (result: Result, odd: number): number =>
  result === 'win'
    ? odd
    : result === 'void'
      ? 1
      : result === 'half_win'
        ? (odd + 1) / 2
        : result === 'half_loss'
          ? 0.5
          : 0;

interface Row {
  family: string;
  n: number;
  sum: number;
  sq: number;
}
interface Ticket {
  row: Row;
  market: string;
  code: string;
  odd: number;
}

/** Returns per selection: count, sum and sum of squares of the unit returns. */
export class Book {
  readonly rows = new Map<string, Row>();
  private readonly tickets = new WeakMap<readonly PricedMarket[], Ticket[]>();
  constructor(readonly sport: string) {}

  /** Bets one unit on every open selection of `priced` (a moment's prices), on the match's results. */
  betAll(
    moment: string,
    priced: readonly PricedMarket[],
    results: Map<string, Record<string, Result>>,
  ): void {
    let tickets = this.tickets.get(priced);
    if (!tickets) {
      tickets = [];
      for (const m of priced)
        for (const o of m.outcomes) {
          if (o.status !== 'open') continue;
          const key = `${moment} ${m.t}|${m.s} ${o.code}`;
          let row = this.rows.get(key);
          if (!row) this.rows.set(key, (row = { family: `${moment} t${m.t}`, n: 0, sum: 0, sq: 0 }));
          tickets.push({ row, market: `${m.t}|${m.s}`, code: o.code, odd: o.odd });
        }
      this.tickets.set(priced, tickets);
    }
    for (const t of tickets) {
      const r = results.get(t.market)?.[t.code];
      if (r === undefined) throw new Error(`no result for ${t.market} ${t.code}`);
      const ret = unitReturn(r, t.odd);
      t.row.n++;
      t.row.sum += ret;
      t.row.sq += ret * ret;
    }
  }

  /** Selections whose EV is above 1 beyond Z standard errors, and the largest EV per family. */
  verdict(): { failures: string[]; largest: Map<string, { ev: number; key: string; n: number }> } {
    const failures: string[] = [];
    const largest = new Map<string, { ev: number; key: string; n: number }>();
    for (const [key, r] of this.rows) {
      if (r.n === 0) continue;
      const ev = r.sum / r.n;
      const se = Math.sqrt(Math.max(0, r.sq / r.n - ev * ev) / r.n);
      if (r.n >= 2 && ev > 1 + Z * se + 1e-12)
        failures.push(`${this.sport} ${key}: EV ${ev.toFixed(4)} over ${r.n} bets (σ ${se.toFixed(4)})`);
      // Selections bet at least 400 times are quoted (fewer bets measure too little).
      if (r.n >= 400 && ev > (largest.get(r.family)?.ev ?? -1)) largest.set(r.family, { ev, key, n: r.n });
    }
    return { failures, largest };
  }

  /** A line per sport: the largest EVs per moment and market type, highest first. */
  summary(): string {
    const rows = [...this.verdict().largest].sort((a, b) => b[1].ev - a[1].ev);
    const top = rows.slice(0, 8).map(([family, x]) => `${family} ${x.ev.toFixed(3)}`);
    return `${this.sport}: ${this.rows.size} selections; largest EV ${top.join(', ')}`;
  }
}

const squad = (base: number): Player[] =>
  [0.45, 0.35, 0.2].map((share, i) => ({ id: base + i, name: `P${base + i}`, share }));

/** A simulator state before the start, its draws from `seed`. */
export const fresh = (sportId: number, seed: number): SimState => ({
  match: initialState(sportId),
  simSec: 0,
  lastReal: 0,
  rng: seed,
  suspendedUntil: 0,
  added: [0, 0],
  pricedAt: -1,
});

const resultsOf = (event: PricingEvent, facts: MatchFacts) =>
  new Map(settleEvent(event, facts).map((r) => [`${r.t}|${r.s}`, r.results]));

/**
 * In-play states: every match passing a moment leaves there a state; the states are many (scores, corners,
 * cards), so the TOP most frequent per moment and family group are priced (a bet on them is conditioned on that
 * state: any subset of states is a fair test), and each match in one of them bets every open selection.
 */
const TOP = 25;
class Moments<S> {
  private readonly seen = new Map<string, { state: S; n: number }>();
  private readonly keys: string[][] = [];
  private readonly cache = new Map<string, PricedMarket[]>();
  private top?: Set<string>;

  at(match: number, key: string, state: () => S): void {
    (this.keys[match] ??= []).push(key);
    const hit = this.seen.get(key);
    if (hit) hit.n++;
    else this.seen.set(key, { state: state(), n: 1 });
  }

  /** The priced moments of a match: its keys among the TOP of their moment and group, each priced once. */
  priced(match: number, price: (state: S, key: string) => PricedMarket[]) {
    const top = (this.top ??= this.rank());
    return (this.keys[match] ?? [])
      .filter((k) => top.has(k))
      .map((key) => {
        let priced = this.cache.get(key);
        if (!priced) this.cache.set(key, (priced = price(this.seen.get(key)!.state, key)));
        return { moment: key.slice(0, key.search(/[/|]/)), priced };
      });
  }

  private rank(): Set<string> {
    const byMoment = new Map<string, [string, number][]>();
    for (const [key, { n }] of this.seen) {
      const group = key.slice(0, key.indexOf('|'));
      byMoment.set(group, [...(byMoment.get(group) ?? []), [key, n]]);
    }
    return new Set(
      [...byMoment.values()].flatMap((list) =>
        list
          .sort((x, y) => y[1] - x[1])
          .slice(0, TOP)
          .map(([key]) => key),
      ),
    );
  }
}

/** Plays football matches to the end, pricing them pre-match and (`inPlay`) at 30', 60' and 83' of play. */
export function footballModel(sportId: number, home: number, away: number, inPlay: boolean): Book {
  const event: PricingEvent = {
    id: 1,
    sportId,
    homeStrength: home,
    awayStrength: away,
    homePlayers: squad(100),
    awayPlayers: squad(200),
  };
  const rates = footballRates(home, away);
  const side: FootballSide = { rates, home: event.homePlayers, away: event.awayPlayers };
  const all = footballMarkets(event.homePlayers, event.awayPlayers);
  const specs = sportId === VIRTUAL_FOOTBALL ? all.filter((s) => VIRTUAL_MARKET_TYPES.includes(s.t)) : all;
  const counting = new Set(['corners', 'corners1', 'cards']);
  // In play the goal and sequence markets (score, red cards, order of goals) and the count markets (corners,
  // cards) read different parts of the state: two groups, each keyed by what it reads.
  const goalSpecs = specs.filter((s) => !counting.has(s.dist));
  const countSpecs = specs.filter((s) => counting.has(s.dist));
  const moments = new Moments<FootballState>();
  const finals: FootballState[] = [];
  for (let i = 0; i < MATCHES; i++) {
    let sim = fresh(sportId, hashSeed('calibration', sportId, i));
    const football = () => (sim.match as { football: FootballState }).football;
    /** Plays up to the simulated second `at` (Infinity: until `until` holds or the match ends). */
    const playTo = (at: () => number, until: () => boolean) => {
      for (let k = 0; k < 10_000 && !until() && football().phase !== 'ended'; k++)
        sim = stepFootball(sim, side, Math.max(1, Math.min(100_000, at() - sim.simSec))).sim;
    };
    const snapshot = (moment: string) => {
      const s = football();
      const f = s.facts;
      const time = JSON.stringify(timeLeft(s));
      const goals = f.goals.map((g) => `${g.team}${g.playerId}`).join(',');
      moments.at(i, `${moment}/goals|${time} ${[f.h1, f.a1, f.h2, f.a2, f.rh, f.ra]} ${goals}`, () => s);
      moments.at(
        i,
        `${moment}/counts|${time} ${[f.ch, f.ca, f.ch1, f.ca1, f.yh, f.ya, f.rh, f.ra]}`,
        () => s,
      );
    };
    if (inPlay) {
      playTo(
        () => 1800,
        () => sim.simSec >= 1800,
      );
      if (football().phase === 'first_half') snapshot("30'");
      playTo(
        () => Infinity,
        () => football().phase === 'second_half',
      );
      const start = footballTimeline(sim.added).secondStart;
      for (const [moment, minutes] of [
        ["60'", 15],
        ["83'", 38],
      ] as const) {
        playTo(
          () => start + minutes * 60,
          () => sim.simSec >= start + minutes * 60,
        );
        if (football().phase === 'second_half') snapshot(moment);
      }
    }
    playTo(
      () => Infinity,
      () => false,
    );
    finals.push(football());
  }
  const book = new Book(sportId === FOOTBALL ? 'football' : 'virtual football');
  const pre = priceEvent(event, initialState(sportId));
  const price = (state: FootballState, key: string) =>
    priceFootball(
      key.includes('/goals|') ? goalSpecs : countSpecs,
      { rates, state, home: event.homePlayers, away: event.awayPlayers },
      DEFAULT_PRICING,
    );
  finals.forEach((state, i) => {
    const results = resultsOf(event, { kind: 'football', football: state.facts });
    book.betAll('pre', pre, results);
    for (const { moment, priced } of moments.priced(i, price)) book.betAll(moment, priced, results);
  });
  return book;
}

/** A period sport: pre-match, and in play when the first period (or set) is over. */
export function periodModel(sportId: number): Book {
  const profile = PERIOD_SPORTS[sportId]!;
  const [home, away] = [1.15, 0.95];
  const event: PricingEvent = {
    id: 1,
    sportId,
    homeStrength: home,
    awayStrength: away,
    homePlayers: [],
    awayPlayers: [],
  };
  const rates = periodRates(profile, home, away);
  const moments = new Moments<PeriodState>();
  const finals: PeriodState[] = [];
  for (let i = 0; i < MATCHES; i++) {
    let sim = fresh(sportId, hashSeed('calibration', sportId, i));
    const state = () => (sim.match as { kind: 'period'; period: PeriodState }).period;
    let passed = false;
    for (let k = 0; k < 5000 && !state().ended; k++) {
      const r = stepPeriod(sim, profile, rates, 100_000);
      sim = r.sim;
      // The first break (end of the first period or set), a moment every match passes.
      if (!passed && r.happenings.some((h) => h.type === 'break')) {
        passed = true;
        const s = state();
        const { periods, game, serve } = s.facts;
        // What the pricing reads: the facts, and the clock in points sports.
        const clock = profile.kind === 'points' ? `${s.period}:${s.elapsed}` : '';
        moments.at(i, `after period 1|${clock} ${JSON.stringify([periods, game, serve])}`, () => s);
      }
    }
    finals.push(state());
  }
  const book = new Book(`sport ${sportId}`);
  const pre = priceEvent(event, initialState(sportId));
  const price = (state: PeriodState) => priceEvent(event, { kind: 'period', period: state });
  finals.forEach((state, i) => {
    const results = resultsOf(event, { kind: 'period', period: state.facts });
    book.betAll('pre', pre, results);
    for (const { moment, priced } of moments.priced(i, price)) book.betAll(moment, priced, results);
  });
  return book;
}
