import { Link } from 'react-router-dom';
import { CircleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useDocumentTitle } from '@/lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Pagina niet gevonden');
  return (
    <Card className="mx-auto flex max-w-md flex-col gap-4 p-8">
      <div className="flex items-center gap-3">
        <CircleAlert aria-hidden="true" className="size-8 shrink-0 text-destructive" />
        <h1 lang="en" className="text-2xl font-extrabold tracking-tight">
          404 Page Not Found
        </h1>
      </div>
      <p lang="en" className="text-muted-foreground">
        Did you forget to add the page to the router?
      </p>
      <Button asChild variant="outline" className="w-fit">
        <Link to="/">Terug naar home</Link>
      </Button>
    </Card>
  );
}
