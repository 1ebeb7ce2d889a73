import { useMemo } from 'react';
import { useMyRequests } from '../api/get-my-requests';
import { usePendingRequests } from '../api/get-pending-requests';
import { useRecentRequests } from '../api/get-recent-requests';
import { useRequestSteps, type Requester } from '../hooks/use-request-steps';
import { DetailsStep } from './details-step';
import { MyRequests } from './my-requests';
import { RecentRequests } from './recent-requests';
import { ResultsStep } from './results-step';
import { SearchStep } from './search-step';
import { UpcomingRequests } from './upcoming-requests';

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
  const steps = useRequestSteps(user, timeZone);
  const { step, terms, results, track, recorder, search, submit, uploading } = steps;
  const pending = usePendingRequests(!isLive);
  const recent = useRecentRequests(!isLive);
  const mine = useMyRequests();

  const ownIds = useMemo(() => new Set(mine.data?.data.map((r) => r.id)), [mine.data]);

  return (
    <div className="grid gap-10">
      <div className="mx-auto w-full max-w-2xl rounded-xl border bg-card p-4 shadow-sm sm:p-6">
        {step === 'search' && (
          <SearchStep
            terms={terms}
            onChange={steps.setTerms}
            onSearch={steps.runSearch}
            isSearching={search.isPending}
            returned={steps.returnedToSearch}
          />
        )}
        {step === 'results' && results && (
          <ResultsStep results={results} onChoose={steps.choose} onBack={steps.goToSearch} />
        )}
        {step === 'details' && track && (
          <DetailsStep
            track={track}
            name={user.name}
            message={steps.message}
            onMessageChange={steps.setMessage}
            recorder={recorder}
            onBack={() => steps.setStep('results')}
            onSubmit={() => void steps.send()}
            isSubmitting={uploading || submit.isPending}
            isSendingRecording={uploading}
            refusal={steps.refusal}
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
