// The package entry: what every area shares. An area's own declarations are imported from their files
// (`@merchant/contracts/<area>/<resource>`), so adding a resource never edits this list.
export * from './core/constants.ts';
export * from './core/error-codes.ts';
export * from './core/envelope.ts';
export * from './core/format.ts';
export * from './core/business-time.ts';
export * from './core/fields.ts';
export * from './core/paging.ts';
export * from './core/operation.ts';
export * from './client/api-client.ts';
export * from './secure-channel/index.ts';
