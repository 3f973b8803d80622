export * from './constants.ts';
export * from './error-codes.ts';
export * from './envelope.ts';
export * from './session.ts';
export * from './operations/auth.ts';
export * from './client/api-client.ts';
export * from './secure-channel/index.ts';
export * from './client/tracking.ts';
