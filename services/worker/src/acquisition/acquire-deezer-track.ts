import { chmod, mkdir, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { UnrecoverableError } from 'bullmq';
import type { Logger } from 'pino';
import { DEFAULT_JOB_ATTEMPTS, jobDefinition, type JobData } from '@radio/contracts/jobs';
import {
  builtInLibraryPath,
  nonstopAzuraCastOf,
  StationMediaError,
  stationSourceKey,
  uploadToRequestPlaylist,
} from '@radio/station';
import type { AcquisitionRepository, AcquisitionRequest } from './acquisition-repository.ts';
import { filesUnder, probeAudio, writeTaggedMp3, type ProbedAudio } from './audio-file.ts';
import { fillPlaceholders } from './download-command.ts';
import { indexBuiltInFile, type BuiltInFileIndex } from '../library/index-built-in-file.ts';
import { libraryBaseName, placeInLibrary } from './library-file.ts';
import { runDownloader, tidy } from './run-downloader.ts';

/** Deezer's duration and the file's may differ this much (seconds). */
const DURATION_TOLERANCE_S = 10;

/** The worker's acquisition settings (from its env). */
export interface AcquisitionSettings {
  /** DEEZER_DOWNLOAD_COMMAND; null: not configured. */
  command: readonly string[] | null;
  timeoutMs: number;
  bitrate: string;
  /** REQUEST_LIBRARY_DIR (the built-in station's); null: not configured. */
  requestLibraryDir: string | null;
  /** AZURACAST_REQUEST_PLAYLIST: the AzuraCast playlist (taking requests) acquired tracks go in. */
  requestPlaylist?: string;
  /** Where each run's private folders are made (default: the system's temp folder). */
  tempDir?: string;
  /** Tries before a request is marked failed (default: the job's attempts). */
  maxAttempts?: number;
}

export interface AcquisitionDeps extends BuiltInFileIndex {
  requests: AcquisitionRepository;
  /** Tells the requests service (REQUEST_TRACK_READY_CHANNEL). */
  publishReady: (requestId: number) => Promise<void>;
  /** Puts the await-station-requestable job of a track uploaded to AzuraCast on its queue. */
  awaitRequestable: (requestId: number, uploadedAt: Date) => Promise<void>;
  log: Logger;
  /** Unset: no downloader (every job fails with that reason). */
  config: AcquisitionSettings | undefined;
}

/** A failure an admin can read; the message is stored on the request. */
class AcquisitionFailure extends Error {}

const withOutput = (reason: string, output: string): string =>
  output === '' ? reason : `${reason} Uitvoer van de downloader: ${output}`;

/**
 * The acquire-deezer-track job: runs the station's downloader for a Deezer request, checks what
 * it wrote by content, puts it in the request library as a tagged `Artist - Title.mp3`, indexes
 * it and marks the request ready. Idempotent: a request that is ready is left alone.
 */
export async function acquireDeezerTrack(
  deps: AcquisitionDeps,
  { requestId }: JobData<'acquire-deezer-track'>,
): Promise<void> {
  const request = await deps.requests.find(requestId);
  if (!request) throw new UnrecoverableError(`request ${requestId} does not exist`);
  if (request.source !== 'deezer' || request.deezerTrackId === null) {
    throw new UnrecoverableError(`request ${requestId} is not a Deezer request`);
  }
  if (request.downloadStatus === 'ready' || request.status === 'rejected') return;

  const settings = await deps.settings.read();
  const arl = settings?.deezerArl?.trim() ?? '';
  const station = nonstopAzuraCastOf(settings);
  const run = runSettingsOf(deps.config, arl, request.deezerTrackId, station !== null);
  if (typeof run === 'string') {
    await deps.requests.tryFailed(requestId, run, true);
    deps.log.warn({ requestId, reason: run }, 'Deezer track not acquired');
    throw new UnrecoverableError(run);
  }

  const attempt = await deps.requests.startTry(requestId);
  const maxAttempts =
    run.maxAttempts ?? jobDefinition('acquire-deezer-track').attempts ?? DEFAULT_JOB_ATTEMPTS;
  deps.log.info({ requestId, attempt, maxAttempts }, 'acquiring Deezer track');
  let placed: { placement: Placement; duration: number };
  try {
    placed = await fetchAndPlace(request, arl, run, async (staged, baseName) => {
      if (!station) {
        const file = await placeInLibrary(staged, run.requestLibraryDir ?? '', baseName);
        return { kind: 'built-in', libraryPath: builtInLibraryPath(path.basename(file), true) };
      }
      await deps.requests.stationStep(requestId, 'uploading');
      try {
        const media = await uploadToRequestPlaylist(station, {
          path: `${STATION_REQUEST_FOLDER}/${baseName}.mp3`,
          bytes: await readFile(staged),
          playlistName: run.requestPlaylist ?? DEFAULT_REQUEST_PLAYLIST,
        });
        return { kind: 'azuracast', media };
      } catch (error) {
        if (error instanceof StationMediaError) throw new AcquisitionFailure(error.message);
        throw error;
      }
    });
  } catch (error) {
    const reason =
      error instanceof AcquisitionFailure
        ? error.message
        : `Onverwachte fout: ${tidy(error instanceof Error ? error.message : String(error), arl)}`;
    const last = attempt >= maxAttempts;
    await deps.requests.tryFailed(requestId, reason, last);
    deps.log.warn({ requestId, attempt, maxAttempts, reason }, 'Deezer track acquisition failed');
    throw last ? new UnrecoverableError(reason) : new Error(reason);
  }

  const { placement, duration } = placed;
  const track = {
    title: request.title,
    artist: request.artist,
    album: request.album ?? '',
    duration,
  };
  if (placement.kind === 'built-in') {
    // The file is in REQUEST_LIBRARY_DIR: named as the built-in station's library names it.
    const { libraryPath } = placement;
    const source = await indexBuiltInFile(deps, { libraryPath, ...track });
    await deps.requests.ready(requestId, libraryPath, source);
    await deps.publishReady(requestId);
    deps.log.info({ requestId, file: libraryPath }, 'Deezer track ready');
    return;
  }
  // On AzuraCast: indexed now (not yet requestable); submitted once the station lists it.
  const { media } = placement;
  const source = stationSourceKey(station?.nowPlayingUrl ?? '');
  await deps.library.upsert(source, [
    {
      ...track,
      mediaId: media.uniqueId,
      path: media.path,
      requestId: null,
      requestable: false,
      duration: Math.round(duration),
    },
  ]);
  await deps.libraryChanged();
  await deps.requests.ready(requestId, media.path, source, {
    mediaId: media.uniqueId,
    stationStep: 'awaiting_requestable',
  });
  await deps.awaitRequestable(requestId, new Date());
  deps.log.info(
    { requestId, file: media.path, mediaId: media.uniqueId },
    'Deezer track uploaded to the station: waiting until it is requestable',
  );
}

/** Where acquired tracks go in an AzuraCast station's media (its playlist makes them requestable). */
const STATION_REQUEST_FOLDER = 'verzoekjes-deezer';
export const DEFAULT_REQUEST_PLAYLIST = 'Verzoekjes';

type Placement =
  | { kind: 'built-in'; libraryPath: string }
  | { kind: 'azuracast'; media: { uniqueId: string; path: string } };

interface RunSettings extends AcquisitionSettings {
  command: readonly string[];
}

const RUN_PREFIX = 'radio-acquire-';

/**
 * Folders of runs that a crashed worker left (with an ARL inside): any older than the time limit
 * plus a margin belongs to no live run.
 */
async function removeStaleRuns(tempDir: string, timeoutMs: number): Promise<void> {
  const names = await readdir(tempDir).catch(() => []);
  const cutoff = Date.now() - timeoutMs - 10 * 60_000;
  for (const name of names.filter((entry) => entry.startsWith(RUN_PREFIX))) {
    const folder = path.join(tempDir, name);
    const stats = await stat(folder).catch(() => null);
    if (stats && stats.mtimeMs < cutoff) await rm(folder, { recursive: true, force: true });
  }
}

/** The settings of a run, or why there can be none (no retry helps: an admin must act). */
function runSettingsOf(
  config: AcquisitionSettings | undefined,
  arl: string,
  deezerTrackId: string,
  toAzuraCast: boolean,
): RunSettings | string {
  if (!config?.command) {
    return 'Geen downloader ingesteld (DEEZER_DOWNLOAD_COMMAND): Deezer-nummers kunnen niet worden opgehaald.';
  }
  const { command, requestLibraryDir } = config;
  if (!toAzuraCast && !requestLibraryDir) {
    return 'Geen map voor aangevraagde nummers ingesteld (REQUEST_LIBRARY_DIR).';
  }
  if (arl === '') return 'Geen Deezer ARL opgeslagen: stel een geldige ARL in bij de instellingen.';
  if (!/^\d{1,20}$/.test(deezerTrackId)) {
    return `Ongeldig Deezer track-id: ${deezerTrackId.slice(0, 40)}.`;
  }
  return {
    ...config,
    command,
    requestLibraryDir: requestLibraryDir ? path.resolve(requestLibraryDir) : null,
  };
}

/** Download, check, tag and place; every temporary folder is gone afterwards. */
async function fetchAndPlace(
  request: AcquisitionRequest,
  arl: string,
  settings: RunSettings,
  place: (staged: string, baseName: string) => Promise<Placement>,
): Promise<{ placement: Placement; duration: number }> {
  const tempDir = settings.tempDir ?? tmpdir();
  await removeStaleRuns(tempDir, settings.timeoutMs);
  const root = await mkdtemp(path.join(tempDir, RUN_PREFIX));
  try {
    const outdir = path.join(root, 'out');
    const configdir = path.join(root, 'config');
    const work = path.join(root, 'work');
    for (const dir of [outdir, configdir, work]) await mkdir(dir, { mode: 0o700 });
    await chmod(configdir, 0o700);
    await writeFile(path.join(configdir, '.arl'), arl, { mode: 0o600 });

    const url = `https://www.deezer.com/track/${request.deezerTrackId}`;
    const result = await runDownloader({
      argv: fillPlaceholders(settings.command, {
        '{url}': url,
        '{outdir}': outdir,
        '{bitrate}': settings.bitrate,
        '{configdir}': configdir,
      }),
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        LANG: 'C.UTF-8',
        HOME: configdir,
        TMPDIR: work,
        DEEMIX_DATA_DIR: configdir,
        DEEMIX_MUSIC_DIR: outdir,
      },
      // The run's own folder: deemix --portable reads ./config/, which is {configdir} here.
      cwd: root,
      timeoutMs: settings.timeoutMs,
      secret: arl,
    }).finally(() => rm(configdir, { recursive: true, force: true }));

    if (result.timedOut) {
      throw new AcquisitionFailure(
        withOutput(
          `De downloader was na ${Math.round(settings.timeoutMs / 1000)} s nog niet klaar en is gestopt.`,
          result.output,
        ),
      );
    }
    const files = await filesUnder(outdir);
    if (files.length === 0) {
      const how =
        result.exitCode === 0
          ? ''
          : ` (gestopt met ${result.exitCode ?? result.signal ?? 'een fout'})`;
      throw new AcquisitionFailure(
        withOutput(`De downloader schreef geen bestand${how}.`, result.output),
      );
    }
    let audio: ProbedAudio | null = null;
    for (const candidate of files) {
      audio = await probeAudio(candidate);
      if (audio) break;
    }
    if (!audio) {
      const names = files.map((file) => path.basename(file)).join(', ');
      throw new AcquisitionFailure(
        `De downloader schreef geen audio: ${tidy(names, arl).slice(0, 300)} is geen geluidsbestand.`,
      );
    }
    const expected = request.duration ?? 0;
    if (expected > 0 && Math.abs(audio.duration - expected) > DURATION_TOLERANCE_S) {
      throw new AcquisitionFailure(
        `Het bestand duurt ${Math.round(audio.duration)} s, het Deezer-nummer ${expected} s: dit is niet het juiste nummer.`,
      );
    }
    const staged = path.join(work, 'track.mp3');
    try {
      await writeTaggedMp3(
        audio,
        { title: request.title, artist: request.artist, album: request.album ?? '' },
        staged,
      );
    } catch (error) {
      const stderr = (error as { stderr?: unknown }).stderr;
      throw new AcquisitionFailure(
        `Omzetten naar MP3 mislukt: ${tidy(typeof stderr === 'string' && stderr !== '' ? stderr : String(error), arl).slice(0, 500)}`,
      );
    }
    const baseName = libraryBaseName(
      request.artist,
      request.title,
      `Deezer ${request.deezerTrackId}`,
    );
    return { placement: await place(staged, baseName), duration: audio.duration };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
