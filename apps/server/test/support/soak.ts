// Soak runs (random operation runs, Monte Carlo checks, long sample sweeps) have two sizes: a bounded one that
// `npm test` and CI run, sized so the check still fails on a real defect (each test says how), and the full
// one behind `SOAK=full` (README "Tests"). Tests read the flag here (the server's own code never reads the
// environment outside config/).
export const SOAK_FULL = process.env.SOAK === 'full';

/** The CI size, or the full one under `SOAK=full`. */
export const soakSize = (ci: number, full: number): number => (SOAK_FULL ? full : ci);

/**
 * The hang guard of one CPU-bound soak test (calibration, coherence): a synchronous test cannot be stopped, so its
 * limit only names it when it ends. 30 minutes: at load 30 on 2 cores the football coherence check took 970 s of
 * wall time for under a minute of CPU, and a 600 s guard failed it.
 */
export const SOAK_TIMEOUT_MS = 1_800_000;
