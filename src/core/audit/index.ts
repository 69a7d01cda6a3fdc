export * from './tests.ts';
export * from './rankAudit.ts';
export * from './negativesAudit.ts';
