import { useEffect } from 'react';

const hasMediaSession = () => typeof navigator !== 'undefined' && 'mediaSession' in navigator;

/**
 * The lock screen, the notification area, hardware media keys and the screen reader's magic
 * tap (VoiceOver plays or pauses the system's current audio) control the player through these
 * Media Session handlers.
 */
export function useMediaSessionControls(controls: {
  play: () => void;
  stop: () => void;
  isPlaying: boolean;
}) {
  const { play, stop, isPlaying } = controls;

  useEffect(() => {
    if (!hasMediaSession()) return undefined;
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', play],
      ['pause', stop],
      ['stop', stop],
    ];
    for (const [action, handler] of handlers) setActionHandler(action, handler);
    return () => {
      for (const [action] of handlers) setActionHandler(action, null);
    };
  }, [play, stop]);

  useEffect(() => {
    if (!hasMediaSession()) return;
    navigator.mediaSession.playbackState = isPlaying ? 'playing' : 'paused';
  }, [isPlaying]);
}

/** The song (and station) the lock screen and notification area show. */
export function useMediaSessionMetadata(metadata: {
  title: string;
  artist: string;
  album: string;
}) {
  const { title, artist, album } = metadata;
  useEffect(() => {
    if (!hasMediaSession() || typeof MediaMetadata === 'undefined') return undefined;
    navigator.mediaSession.metadata = new MediaMetadata({
      title,
      artist,
      album,
      artwork: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' }],
    });
    return () => {
      navigator.mediaSession.metadata = null;
    };
  }, [title, artist, album]);
}

function setActionHandler(action: MediaSessionAction, handler: MediaSessionActionHandler | null) {
  try {
    navigator.mediaSession.setActionHandler(action, handler);
  } catch {
    // This browser does not know the action.
  }
}
