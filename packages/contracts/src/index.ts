export * from './common.ts';
export * from './auth.ts';
export * from './settings.ts';
export * from './now-playing.ts';
export * from './playlist.ts';
export * from './request-events.ts';
export * from './requests.ts';
