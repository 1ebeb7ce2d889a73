import { useId, type FormEvent } from 'react';
import { Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import type { SearchTerms } from '../api/search-tracks';
import { StepHeading } from './step-heading';

type SearchStepProps = {
  terms: SearchTerms;
  onChange: (terms: SearchTerms) => void;
  onSearch: () => void;
  isSearching: boolean;
  /** The listener came back to this step (not the page's first render). */
  returned: boolean;
};

export function SearchStep({ terms, onChange, onSearch, isSearching, returned }: SearchStepProps) {
  const artistId = useId();
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <form role="search" aria-label="Zoek een nummer" onSubmit={submit} className="grid gap-4">
      <StepHeading step={1} takeFocus={returned}>
        Zoek een nummer
      </StepHeading>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={artistId} label="Artiest">
          {({ id }) => (
            <Input
              id={id}
              value={terms.artist}
              onChange={(event) => onChange({ ...terms, artist: event.target.value })}
              placeholder="Bijv. Doe Maar"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={200}
            />
          )}
        </FormField>
        <FormField id={titleId} label="Titel">
          {({ id }) => (
            <Input
              id={id}
              value={terms.title}
              onChange={(event) => onChange({ ...terms, title: event.target.value })}
              placeholder="Bijv. Smoorverliefd"
              autoComplete="off"
              enterKeyHint="search"
              maxLength={200}
            />
          )}
        </FormField>
      </div>
      <Button
        type="submit"
        size="lg"
        disabled={isSearching}
        className="w-full sm:w-auto sm:justify-self-start"
      >
        {isSearching ? <Spinner /> : <Search aria-hidden="true" />}
        Zoeken
      </Button>
    </form>
  );
}
