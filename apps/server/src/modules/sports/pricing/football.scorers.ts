import type { FootballFacts } from './football.facts';
import { goalsOf } from './football.markets';
import type { Result } from './market-spec';

/**
 * A player's goals (module README, "Football model"): given his team's goals still to come k, each is his with
 * his share s (the split every scorer market uses), so his goals to come are Binomial(k, s). Anytime scorer
 * needs one goal, "2 or more" two, less those he scored already (in play).
 */

/** P(Binomial(k, s) ≥ r): 1 − Σ_{j<r} C(k, j) s^j (1 − s)^(k − j); for r = 1 the anytime scorer's 1 − (1 − s)^k. */
export function atLeast(k: number, s: number, r: number): number {
  if (r <= 0) return 1;
  if (k < r) return 0;
  let below = 0;
  let choose = 1;
  for (let j = 0; j < r; j++) {
    below += choose * Math.pow(s, j) * Math.pow(1 - s, k - j);
    choose = (choose * (k - j)) / (j + 1);
  }
  return Math.max(0, 1 - below);
}

export interface ScorerOf {
  team: 'h' | 'a';
  share: number;
}

/**
 * A "player to score `goals` or more" market in play or before it (goals can still come): fair probabilities over
 * the marginal of each team's goals still to come (`marginal[team][k]`), and the decisions — won once he has
 * them, lost when he cannot score (no share, or not in either squad), else open.
 */
export function playerGoalsMarket(
  codes: readonly string[],
  goals: number,
  f0: FootballFacts,
  players: ReadonlyMap<string, ScorerOf>,
  marginal: Record<'h' | 'a', readonly number[]>,
): { fair: number[]; decisions: (Result | null)[] } {
  const fair: number[] = [];
  const decisions: (Result | null)[] = [];
  for (const code of codes) {
    const need = goals - goalsOf(f0, code);
    const pl = players.get(code);
    if (need <= 0) {
      fair.push(1);
      decisions.push('win');
    } else if (!pl || !(pl.share > 0)) {
      fair.push(0);
      decisions.push('loss');
    } else {
      fair.push(marginal[pl.team].reduce((acc, pk, k) => acc + pk * atLeast(k, pl.share, need), 0));
      decisions.push(null);
    }
  }
  return { fair, decisions };
}

/** A player of a bet builder's legs who must still score `r` more of his team's goals (`share`: each is his). */
export interface PlayerNeed {
  code: string;
  share: number;
  r: number;
}

/**
 * P(each player of `need` scores at least his r of the team's m goals to come), each goal his with his share:
 * inclusion–exclusion over the players who fall short, P(N_i < r_i for i in S) summed exactly over the multinomial.
 */
export function covered(need: readonly PlayerNeed[], m: number): number {
  let sum = 0;
  const n = need.length;
  for (let mask = 0; mask < 1 << n; mask++) {
    let s = 0;
    let bits = 0;
    const short: PlayerNeed[] = [];
    for (let i = 0; i < n; i++)
      if (mask & (1 << i)) {
        s += need[i]!.share;
        bits++;
        short.push(need[i]!);
      }
    sum += (bits % 2 ? -1 : 1) * fewer(short, Math.max(0, 1 - s), m);
  }
  return Math.max(0, sum);
}

/**
 * P(every player of `group` scores fewer than his r of m goals; `rest` = the share of everyone else): the sum of
 * the multinomial over his 0…r−1 goals each (C(m − t, j) s^j as the goals are handed out player by player).
 */
function fewer(group: readonly PlayerNeed[], rest: number, m: number): number {
  let total = 0;
  const walk = (i: number, t: number, coef: number) => {
    if (i === group.length) {
      total += coef * Math.pow(rest, m - t);
      return;
    }
    const g = group[i]!;
    let c = coef;
    for (let j = 0; j < g.r && t + j <= m; j++) {
      walk(i + 1, t + j, c);
      c = ((c * (m - t - j)) / (j + 1)) * g.share;
    }
  };
  walk(0, 0, 1);
  return total;
}
