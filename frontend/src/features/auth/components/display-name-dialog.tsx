import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api-client';
import { useSetDisplayName } from '../api/set-display-name';

/**
 * The welcome dialog (spec sections 2 and 4) for a logged-in user without a name: it opens by
 * itself when rendered; the page stops rendering it once the name exists. The name cannot be
 * changed later. The admin panel asks the first admin (created without a name) the same way.
 */
export function DisplayNameDialog({ reason = 'requests' }: { reason?: 'requests' | 'admin' }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const inputId = useId();
  const [name, setName] = useState('');
  const setDisplayName = useSetDisplayName({
    mutationConfig: {
      onSuccess: () => {
        toast({
          title: 'Naam ingesteld',
          description: 'Je naam is succesvol opgeslagen. Je kunt nu verzoekjes indienen!',
        });
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Fout',
          description: serverMessage(error) ?? 'Er ging iets mis bij het instellen van je naam',
        });
      },
    },
  });

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      toast({
        variant: 'destructive',
        title: 'Ongeldige naam',
        description: 'Voer een geldige naam in',
      });
      return;
    }
    setDisplayName.mutate(trimmed);
  };

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      // A name is needed before requesting: Escape does not close it.
      onCancel={(event) => event.preventDefault()}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border bg-card p-6 text-card-foreground shadow-lg backdrop:bg-black/60"
    >
      <form onSubmit={submit} className="grid gap-4">
        <h2 id={titleId} className="text-xl font-bold">
          Welkom! Hoe mogen we je noemen?
        </h2>
        <p className="text-sm text-muted-foreground">
          {reason === 'admin'
            ? 'Deze naam staat bij wat je in het beheer doet: beoordeelde verzoekjes en uploads en het wijzigingslogboek.'
            : 'Deze naam staat bij je verzoekjes en hoort de DJ.'}{' '}
          Kies hem goed: je kunt hem later niet meer wijzigen.
        </p>
        <div className="grid gap-2">
          <Label htmlFor={inputId}>Je naam</Label>
          <Input
            id={inputId}
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="nickname"
            maxLength={80}
            autoFocus
          />
        </div>
        <Button type="submit" size="lg" disabled={setDisplayName.isPending} className="w-full">
          {setDisplayName.isPending && <Spinner />}
          Naam opslaan
        </Button>
      </form>
    </dialog>
  );
}
