// Smoke checks of the compose stack, run by compose-test/run.sh in a container on the stack's
// network, through the gateway as a browser would (the container also reads the library volume,
// and the bucket with the services' key, to compare what was stored byte for byte).
// Each check prints one line with its figure; the first failure ends the run with exit 1.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { BASE, bucket, check, client, elapsed, json, log, loggedInAdmin, poll } from './client.mjs';

const TRACK_SECONDS = Number(process.env.DEMO_TRACK_SECONDS ?? 8);

function files(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}
const stored = await bucket();

// 1. The admin from .env logs in.
const { admin, me } = await loggedInAdmin();
log(`logged in as the admin (${process.env.ADMIN_EMAIL}, role ${me.user?.role ?? me.role ?? '?'})`);
const display = await admin('POST', '/api/auth/set-display-name', { displayName: 'Beheer' });
check(display.ok || display.status === 409, `set-display-name: HTTP ${display.status}`);

// 2. Now playing from the built-in station, current (not stale).
const playing = await poll('now playing names a song and is not stale', 60_000, async () => {
  const response = await admin('GET', '/api/now-playing');
  if (!response.ok) return null;
  const body = await response.json();
  return body.now_playing && !body.is_stale ? body : null;
});
log(
  `now playing: "${playing.now_playing.song.artist} - ${playing.now_playing.song.title}", ` +
    `${Math.round(Date.now() / 1000 - playing.generated_at)}s old, is_stale=${playing.is_stale}`,
);

// Icecast has the stream and the filler (a hidden mount: its admin list) where listeners wait
// while Liquidsoap restarts.
const mounts = await poll('Icecast has /radio.mp3 and /filler.mp3', 30_000, async () => {
  const response = await fetch('http://icecast:8000/admin/listmounts', {
    headers: {
      authorization: `Basic ${Buffer.from(`admin:${process.env.ICECAST_ADMIN_PASSWORD}`).toString('base64')}`,
    },
  });
  const found = [...(await response.text()).matchAll(/mount="([^"]+)"/g)].map((m) => m[1]);
  return found.includes('/radio.mp3') && found.includes('/filler.mp3') ? found : null;
});
log(`Icecast mounts: ${mounts.sort().join(', ')} (the filler is /radio.mp3's fallback)`);

// 3. A request for a library track airs within the demo track length (+ the station's poll).
const wanted = await poll(
  'a request-only library song is found by the search',
  30_000,
  async () => {
    const body = await json(await admin('GET', '/api/search?title=Veluwe'), 'search');
    return body.data.find(
      (track) => track.source === 'local' && track.title === 'Sneeuw op de Veluwe',
    );
  },
);
const sentAt = Date.now();
await json(
  await admin('POST', '/api/requests', {
    source: 'local',
    libraryTrackId: wanted.libraryTrackId,
    filename: wanted.filename,
  }),
  'request of a library song',
);
const airLimit = (TRACK_SECONDS * 1.2 + 5 + 20) * 1000;
// The worker reads the station every few seconds: a short song may be over before it is seen as
// current, so its place in the history (with the time it started) counts too.
const aired = await poll(
  `the requested song airs within ${airLimit / 1000}s`,
  airLimit,
  async () => {
    const response = await admin('GET', '/api/now-playing');
    const body = response.ok ? await response.json() : null;
    if (!body) return null;
    const plays = [
      ...(body.now_playing
        ? [{ played_at: body.now_playing.played_at, song: body.now_playing.song }]
        : []),
      ...body.song_history,
    ];
    return plays.find(
      (play) => play.song.title === wanted.title && play.played_at * 1000 >= sentAt - 1000,
    );
  },
);
log(
  `requested "${wanted.title}" aired ${(aired.played_at - sentAt / 1000).toFixed(1)}s after the request ` +
    `(seen after ${((Date.now() - sentAt) / 1000).toFixed(1)}s, limit ${airLimit / 1000}s)`,
);

// 4. A voice message lands in storage and comes back byte for byte.
const song = files('/library/rotation').find((file) => file.endsWith('.mp3'));
const songBytes = readFileSync(song);
const voiceForm = new FormData();
voiceForm.append('audio', new Blob([songBytes], { type: 'audio/mpeg' }), 'stem.mp3');
voiceForm.append('submittedBy', 'Beheer');
const voice = await json(
  await admin('POST', '/api/voicetrack-upload', voiceForm),
  'voice message upload',
);
const voiceBack = Buffer.from(await (await admin('GET', voice.downloadUrl)).arrayBuffer());
const voiceStored = await stored.read(voice.downloadUrl.slice('/files/'.length));
check(
  voiceBack.length > 0 && voiceBack.equals(voiceStored),
  'voice message: served bytes equal the stored object',
);
log(
  `voice message ${voice.downloadUrl}: ${voiceBack.length} bytes stored and served back identical`,
);

// 5. A track upload lands in storage; the admin's moderation download returns the same bytes.
await json(
  await admin('POST', '/api/dj-settings/registration', { enabled: true }),
  'open registration',
);
const listener = client();
const email = `luisteraar-${Date.now()}@example.nl`;
await json(
  await listener('POST', '/api/auth/register', {
    email,
    password: 'een-lang-wachtwoord-123',
    name: 'Luisteraar',
  }),
  'listener registration',
);
const trackForm = new FormData();
trackForm.append('audio', new Blob([songBytes], { type: 'audio/mpeg' }), path.basename(song));
trackForm.append('artist', 'Compose Test');
trackForm.append('title', 'Byte voor byte');
trackForm.append('submittedBy', 'Luisteraar');
const { upload } = await json(
  await listener('POST', '/api/cloud-upload', trackForm),
  'track upload',
);
await json(
  await admin('PATCH', `/api/cloud-uploads/${upload.id}/status`, { status: 'approved' }),
  'approve upload',
);
const { downloadUrl } = await json(
  await admin('POST', `/api/cloud-uploads/${upload.id}/download`),
  'moderation download',
);
// The s3 service publishes no port: the link is the gateway's (a signed path the uploads service
// streams).
check(
  new URL(downloadUrl, BASE).origin === new URL(BASE).origin,
  `the moderation download link is the gateway's, not ${downloadUrl}`,
);
const trackBack = Buffer.from(await (await fetch(new URL(downloadUrl, BASE))).arrayBuffer());
check(
  trackBack.equals(songBytes),
  `track upload: the download (${trackBack.length} bytes) equals the upload (${songBytes.length})`,
);
const sameSize = (await stored.list()).filter((object) => object.size === songBytes.length);
const storedTracks = await Promise.all(sameSize.map((object) => stored.read(object.key)));
check(
  storedTracks.some((bytes) => bytes.equals(songBytes)),
  `track upload is in the bucket ${stored.name}`,
);
log(
  `track upload #${upload.id}: ${songBytes.length} bytes stored, moderation download through the gateway identical`,
);
console.log(`all smoke checks passed in ${elapsed()}s`);
