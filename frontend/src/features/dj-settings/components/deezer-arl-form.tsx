import { useId, useState, type FormEvent } from 'react';
import { KeyRound } from 'lucide-react';
import { updateDeezerArlBodySchema, type UpdateDeezerArlResponse } from '@radio/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/api-client';
import { useUpdateDeezerArl } from '../api/update-deezer-arl';

function accountLine(result: UpdateDeezerArlResponse): string | null {
  const details = result.details;
  if (!details) return null;
  const quality = details.canStreamLossless
    ? 'FLAC'
    : details.canStreamHq
      ? '320 kbps'
      : '128 kbps';
  return [details.name, details.offer, details.country, `tot ${quality}`]
    .filter(Boolean)
    .join(' · ');
}

/** Stored, refused by Deezer (the spec's text), or not tested because Deezer did not answer. */
function verdict(result: UpdateDeezerArlResponse): string {
  if (result.valid) return 'ARL opgeslagen';
  return result.tested ? 'Ongeldige ARL Token' : 'ARL niet getest';
}

/**
 * The Deezer ARL (the catalogue downloader's login): write only, tested with Deezer before it is
 * stored; the test's result stays on screen (spec section 8: "Ongeldige ARL Token").
 */
export function DeezerArlForm({
  arlSet,
  onSaved,
}: {
  /** Whether an ARL is stored (undefined while unknown). */
  arlSet?: boolean;
  onSaved?: () => void;
}) {
  const id = useId();
  const [arl, setArl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<UpdateDeezerArlResponse | null>(null);
  const update = useUpdateDeezerArl({
    mutationConfig: {
      onSuccess: (answer) => {
        setResult(answer);
        if (answer.valid) {
          setArl('');
          onSaved?.();
          toast({ title: 'ARL opgeslagen', description: answer.message });
        } else if (answer.tested) {
          // Only a token Deezer refused is invalid; an untested one is explained in the form.
          toast({
            variant: 'destructive',
            title: 'Ongeldige ARL Token',
            description: answer.message,
          });
        }
      },
      onError: (failure) =>
        toast({
          variant: 'destructive',
          title: 'ARL niet opgeslagen',
          description: failureMessage(failure),
        }),
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = updateDeezerArlBodySchema.safeParse({ arl });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Voer een ARL token in');
      return;
    }
    setError(null);
    update.mutate(parsed.data.arl);
  }

  const account = result ? accountLine(result) : null;
  return (
    <Card className="grid gap-3 p-5">
      <h2 className="flex items-center gap-2 text-lg font-bold">
        <KeyRound aria-hidden="true" className="size-5 text-primary" />
        Deezer ARL
      </h2>
      <p className="text-sm text-muted-foreground">
        De ARL waarmee Deezer-nummers voor verzoekjes worden opgehaald. Hij wordt eerst bij Deezer
        getest en alleen opgeslagen als hij geldig is; opgeslagen wordt hij nooit meer getoond.
      </p>
      <form onSubmit={submit} className="grid gap-3" noValidate>
        <FormField
          id={id}
          label="Nieuwe ARL"
          status={
            arlSet === undefined
              ? undefined
              : {
                  text: arlSet ? 'ingesteld' : 'niet ingesteld',
                  variant: arlSet ? 'secondary' : 'outline',
                }
          }
          error={error ?? undefined}
          className="gap-1.5"
        >
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={arl}
              onChange={(event) => setArl(event.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" className="justify-self-start" disabled={update.isPending}>
          {update.isPending ? 'Testen…' : 'Testen en opslaan'}
        </Button>
      </form>
      {result && (
        <p
          role="status"
          className={
            result.valid ? 'text-sm text-foreground' : 'text-sm font-medium text-destructive'
          }
        >
          {verdict(result)}: {result.message}
          {account && <span className="block text-muted-foreground">{account}</span>}
        </p>
      )}
    </Card>
  );
}
