export * from './distributions.ts';
export * from './tests.ts';
export * from './corrections.ts';
export * from './userValues.ts';
export * from './table.ts';
export * from './report.ts';
