/** Pure parsers for input files, shared by the CLI and the web app: text in, data or a located error out. */
export * from './fileError.ts';
export * from './table.ts';
export * from './cells.ts';
export * from './rankFile.ts';
export * from './priorFile.ts';
export * from './utf8.ts';
