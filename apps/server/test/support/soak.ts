// Soak runs (random operation runs, Monte Carlo checks, long sample sweeps) have two sizes: a bounded one that
// `npm test` and CI run, sized so the check still fails on a real defect (each test says how), and the full
// one behind `SOAK=full` (README "Tests"). Tests read the flag here (the server's own code never reads the
// environment outside config/).
export const SOAK_FULL = process.env.SOAK === 'full';

/** The CI size, or the full one under `SOAK=full`. */
export const soakSize = (ci: number, full: number): number => (SOAK_FULL ? full : ci);
