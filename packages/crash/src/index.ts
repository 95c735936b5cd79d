export { GROWTH_PER_MS, multiplierAt, timeOf } from './curve';
export { crashPointOfBits, crashPointOfHmac } from './crash-point';
