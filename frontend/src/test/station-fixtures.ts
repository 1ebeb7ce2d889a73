import type { NowPlayingResponse, OwnRequest, StationInfo } from '@radio/contracts';

export const STREAM_URL = 'https://radio.example.nl/stream/radio.mp3';
export const FALLBACK_URL = 'http://radio.example.nl/stream/radio.mp3';

export function stationInfo(overrides: Partial<StationInfo> = {}): StationInfo {
  return {
    name: 'Radio Lokaal',
    timeZone: 'Europe/Amsterdam',
    streamUrl: STREAM_URL,
    streamFallbackUrl: FALLBACK_URL,
    playlistPlsUrl: 'https://radio.example.nl/stream/radio.pls',
    playlistM3uUrl: 'https://radio.example.nl/stream/radio.m3u',
    radioDirectoryUrl: 'https://www.radio.nl/radiolokaal',
    studioContactUrl: 'https://wa.me/31612345678',
    ...overrides,
  };
}

/** 2025-11-21 14:00:00 in Amsterdam. */
export const FRIDAY_14H = Date.UTC(2025, 10, 21, 13, 0, 0) / 1000;

export function nowPlaying(overrides: Partial<NowPlayingResponse> = {}): NowPlayingResponse {
  return {
    station: { name: 'Radio Lokaal' },
    is_live: false,
    is_stale: false,
    now_playing: {
      played_at: FRIDAY_14H,
      duration: 243,
      elapsed: 80,
      remaining: 163,
      song: { artist: 'Golden Earring', title: 'Radar Love', album: 'Moontan' },
    },
    song_history: [],
    generated_at: FRIDAY_14H + 80,
    ...overrides,
  };
}

/** A listener's own library request in review, as GET /api/requests/mine lists it. */
export function ownRequest(overrides: Partial<OwnRequest> = {}): OwnRequest {
  return {
    id: 9,
    title: 'Brug over de Vecht',
    artist: 'De Kanaalkoning',
    album: null,
    source: 'local',
    requesterName: 'Anna de Vries',
    duration: 180,
    status: 'pending',
    submittedAt: '2026-11-23T19:00:00.000Z',
    requestedAt: '2026-11-23T19:00:00.000Z',
    playedAt: null,
    position: null,
    expectedStartTime: null,
    message: null,
    voicetrackUrl: null,
    browserFingerprint: null,
    downloadStatus: 'not_needed',
    stationStep: null,
    stationNote: null,
    ...overrides,
  };
}
