export * from './constants';
export * from './common';
export * from './tenancy';
export * from './content';
export * from './markets';
export * from './feed';
export * from './identity';
export * from './wallet';
