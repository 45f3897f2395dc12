export * from './catalog.table';
export * from './site.table';
export * from './accounts.table';
export * from './media.table';
export * from './entitlement.table';
export * from './third-party.table';
export * from './billing.table';
export * from './audit.table';
