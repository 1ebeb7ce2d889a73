export * from './station-source.ts';
