import { useMemo, useState } from 'react';
import type { CreateRequestBody, TrackSearchResponse, TrackSearchResult } from '@radio/contracts';
import { toast } from '@/components/ui/use-toast';
import { ApiError, failureMessage, serverMessage } from '@/lib/api-client';
import { useCreateRequest } from '../api/create-request';
import { useMyRequests } from '../api/get-my-requests';
import { usePendingRequests } from '../api/get-pending-requests';
import { useRecentRequests } from '../api/get-recent-requests';
import { useSearchTracks, type SearchTerms } from '../api/search-tracks';
import { uploadVoiceMessage } from '../api/upload-voice-message';
import { useVoiceRecorder } from '../hooks/use-voice-recorder';
import { browserId } from '../lib/browser-id';
import { clockOf } from '../lib/request-display';
import { DetailsStep } from './details-step';
import { MyRequests, RecentRequests, UpcomingRequests } from './request-lists';
import { ResultsStep } from './results-step';
import { SearchStep } from './search-step';

export type Requester = { name: string };

type Step = 'search' | 'results' | 'details';

const EMPTY_TERMS: SearchTerms = { artist: '', title: '' };

/** A refusal's text: the server's message (it names the wait), and the time it ends. */
function refusalText(error: unknown, timeZone: string): string {
  const message = failureMessage(error);
  if (!(error instanceof ApiError)) return message;
  try {
    const body = JSON.parse(error.body) as { retryAfter?: unknown };
    if (typeof body.retryAfter === 'number' && body.retryAfter > 0) {
      const at = new Date(Date.now() + body.retryAfter * 1000).toISOString();
      return `${message} Dat is rond ${clockOf(at, timeZone)}.`;
    }
  } catch {
    // a body without JSON: its message is all there is
  }
  return message;
}

/** The three steps (search, results, details) and, when not live, the queue lists below. */
export function RequestFlow({
  user,
  isLive,
  timeZone,
}: {
  user: Requester;
  isLive: boolean;
  timeZone: string;
}) {
  const [step, setStep] = useState<Step>('search');
  const [returnedToSearch, setReturnedToSearch] = useState(false);
  const [terms, setTerms] = useState<SearchTerms>(EMPTY_TERMS);
  const [results, setResults] = useState<TrackSearchResponse | null>(null);
  const [track, setTrack] = useState<TrackSearchResult | null>(null);
  const [message, setMessage] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const recorder = useVoiceRecorder();
  const pending = usePendingRequests(!isLive);
  const recent = useRecentRequests(!isLive);
  const mine = useMyRequests();

  const search = useSearchTracks({
    mutationConfig: {
      onSuccess: (found) => {
        setResults(found);
        setStep('results');
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: 'Zoekfout', description: failureMessage(error) });
      },
    },
  });

  const submit = useCreateRequest({
    mutationConfig: {
      onSuccess: (created) => {
        toast({
          title: 'Verzoekje ingediend!',
          description: `${created.title} van ${created.artist} staat op de lijst.`,
        });
        recorder.discard();
        setTerms(EMPTY_TERMS);
        setMessage('');
        setTrack(null);
        setResults(null);
        setRefusal(null);
        setReturnedToSearch(true);
        setStep('search');
      },
    },
  });

  const goToSearch = () => {
    setReturnedToSearch(true);
    setStep('search');
  };

  const runSearch = () => {
    const artist = terms.artist.trim();
    const title = terms.title.trim();
    if (!artist && !title) {
      toast({
        variant: 'destructive',
        title: 'Geen zoekterm',
        description: 'Voer minimaal een artiest of titel in.',
      });
      return;
    }
    search.mutate({ artist, title });
  };

  const choose = (chosen: TrackSearchResult) => {
    // A recording belongs to the track it was made for (spec section 4).
    recorder.discard();
    setTrack(chosen);
    setRefusal(null);
    setStep('details');
  };

  const send = async () => {
    if (!track || !user.name.trim() || uploading || submit.isPending) return;
    setRefusal(null);
    let voicetrackUrl: string | undefined;
    if (recorder.recording) {
      setUploading(true);
      try {
        ({ downloadUrl: voicetrackUrl } = await uploadVoiceMessage({
          audio: recorder.recording.blob,
          fileName: recorder.recording.fileName,
          submittedBy: user.name,
          message,
        }));
      } catch (error) {
        // A busy server (503) did not find fault with the recording, which is kept for a retry.
        const busy = error instanceof ApiError && error.status === 503;
        toast({
          variant: 'destructive',
          title: busy ? 'Server bezig' : 'Opname Error',
          description:
            serverMessage(error) ?? 'Je opname kon niet worden verstuurd. Probeer het opnieuw.',
        });
        return;
      } finally {
        setUploading(false);
      }
    }
    const body: CreateRequestBody = {
      source: track.source,
      title: track.title,
      artist: track.artist,
      album: track.album,
      duration: track.duration,
      requesterName: user.name,
      message: message.trim() || undefined,
      browserFingerprint: browserId(),
      voicetrackUrl,
      ...(track.source === 'deezer'
        ? { deezer_id: track.deezer_id }
        : { libraryTrackId: track.libraryTrackId, filename: track.filename }),
    };
    submit.mutate(body, {
      onError: (error) => {
        const text = refusalText(error, timeZone);
        setRefusal(text);
        toast({ variant: 'destructive', title: 'Verzoekje niet mogelijk', description: text });
      },
    });
  };

  const ownIds = useMemo(() => new Set(mine.data?.data.map((r) => r.id)), [mine.data]);

  return (
    <div className="grid gap-10">
      <div className="mx-auto w-full max-w-2xl rounded-xl border bg-card p-4 shadow-sm sm:p-6">
        {step === 'search' && (
          <SearchStep
            terms={terms}
            onChange={setTerms}
            onSearch={runSearch}
            isSearching={search.isPending}
            returned={returnedToSearch}
          />
        )}
        {step === 'results' && results && (
          <ResultsStep results={results} onChoose={choose} onBack={goToSearch} />
        )}
        {step === 'details' && track && (
          <DetailsStep
            track={track}
            name={user.name}
            message={message}
            onMessageChange={setMessage}
            recorder={recorder}
            onBack={() => setStep('results')}
            onSubmit={() => void send()}
            isSubmitting={uploading || submit.isPending}
            isSendingRecording={uploading}
            refusal={refusal}
          />
        )}
      </div>
      {!isLive && (
        <div className="grid gap-8 lg:grid-cols-2">
          <UpcomingRequests
            requests={pending.data?.data}
            isError={pending.isError}
            ownIds={ownIds}
            timeZone={timeZone}
          />
          <RecentRequests
            requests={recent.data?.data}
            isError={recent.isError}
            ownIds={ownIds}
            timeZone={timeZone}
          />
        </div>
      )}
      <MyRequests requests={mine.data?.data} isError={mine.isError} timeZone={timeZone} />
    </div>
  );
}
