import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

/** A card with one form of the account page; the title names the form and its button. */
export function AccountFormCard({
  title,
  description,
  isPending,
  onSubmit,
  children,
}: {
  title: string;
  description: string;
  isPending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label={title}>
          {children}
          <Button
            type="submit"
            disabled={isPending}
            className="w-full sm:w-auto sm:justify-self-start"
          >
            {isPending ? (
              <>
                <Spinner />
                Bezig met wijzigen...
              </>
            ) : (
              title
            )}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
