export * from './station-source.ts';
export { AzuraCastApi } from './azuracast/azuracast-api.ts';
export * from './private-addresses.ts';
export * from './built-in/built-in-station.ts';
export * from './built-in/library-paths.ts';
export * from './built-in/published-shapes.ts';
export * from './deezer/deezer-api.ts';
export * from './deezer/deezer-gateway.ts';
export * from './azuracast/azuracast-station.ts';
