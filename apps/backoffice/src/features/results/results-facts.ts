/** The result form's facts as typed: scores as text, goals "12:h:PLAYER, 55:a", periods "6:4, 3:6". */
export type Facts = {
  home: string;
  away: string;
  htHome: string;
  htAway: string;
  goals: string;
  periods: string;
};
/** A blank form. */
export const NO_FACTS: Facts = { home: '', away: '', htHome: '', htAway: '', goals: '', periods: '' };

/** The form's text as the API's facts: empty fields left out; goals "12:h:PLAYER, 55:a", periods "6:4, 3:6". */
export function factsOf(f: Facts) {
  const n = (v: string) => (v.trim() === '' ? undefined : Number(v));
  const list = (v: string) =>
    v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean)
      .map((x) => x.split(':'));
  const goals = list(f.goals).map(([minute, team, player]) => ({
    minute: Number(minute),
    team,
    ...(player ? { playerId: Number(player) } : {}),
  }));
  const periods = list(f.periods).map(([h, a]) => ({ home: Number(h), away: Number(a) }));
  return {
    home: n(f.home),
    away: n(f.away),
    htHome: n(f.htHome),
    htAway: n(f.htAway),
    ...(goals.length ? { goals } : {}),
    ...(periods.length ? { periods } : {}),
  };
}
