import type { NowPlayingResponse } from '@radio/contracts';

export type SongHistory = NowPlayingResponse['song_history'];
