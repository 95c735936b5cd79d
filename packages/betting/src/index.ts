export * from './money';
export * from './odds';
export * from './odds-format';
export * from './combinations';
export * from './coupon';
export * from './stakes';
export * from './payout';
export * from './cashout';
