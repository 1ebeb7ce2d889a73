import { useState } from 'react';
import type { CreateRequestBody, TrackSearchResponse, TrackSearchResult } from '@radio/contracts';
import { toast } from '@/components/ui/use-toast';
import { ApiError, failureMessage, serverMessage } from '@/lib/api-client';
import { useCreateRequest } from '../api/create-request';
import { useSearchTracks, type SearchTerms } from '../api/search-tracks';
import { uploadVoiceMessage } from '../api/upload-voice-message';
import { browserId } from '../lib/browser-id';
import { refusalText } from '../lib/request-display';
import { useVoiceRecorder } from './use-voice-recorder';

export type Requester = { name: string };

type Step = 'search' | 'results' | 'details';

const EMPTY_TERMS: SearchTerms = { artist: '', title: '' };

/**
 * The request's three steps: the search terms and their results, the chosen track with its
 * message and recording, and the send (the recording first, then the request; a refusal is
 * shown at the step). A sent request starts again at the search.
 */
export function useRequestSteps(user: Requester, timeZone: string) {
  const [step, setStep] = useState<Step>('search');
  const [returnedToSearch, setReturnedToSearch] = useState(false);
  const [terms, setTerms] = useState<SearchTerms>(EMPTY_TERMS);
  const [results, setResults] = useState<TrackSearchResponse | null>(null);
  const [track, setTrack] = useState<TrackSearchResult | null>(null);
  const [message, setMessage] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const recorder = useVoiceRecorder();

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

  return {
    step,
    setStep,
    returnedToSearch,
    terms,
    setTerms,
    results,
    track,
    message,
    setMessage,
    refusal,
    uploading,
    recorder,
    search,
    submit,
    goToSearch,
    runSearch,
    choose,
    send,
  };
}
