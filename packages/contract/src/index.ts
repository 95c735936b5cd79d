export * from './common';
export * from './tenancy';
export * from './content';
export * from './markets';
export * from './feed';
export * from './fixtures';
