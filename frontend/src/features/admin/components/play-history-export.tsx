import { useId, useState } from 'react';
import { FileDown } from 'lucide-react';
import { PLAY_HISTORY_EXPORT_PATH } from '@radio/contracts';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** This month on the station's clock, YYYY-MM (sv-SE writes dates as ISO). */
export function stationMonth(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit' })
    .format(now)
    .slice(0, 7);
}

/** A month of plays as CSV for royalty reporting: a plain download with the admin's session. */
export function PlayHistoryExport({ timeZone }: { timeZone: string }) {
  const id = useId();
  const [month, setMonth] = useState(() => stationMonth(timeZone));
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  return (
    <Card className="grid gap-3 p-5">
      <h2 className="text-lg font-bold">Speellijst exporteren</h2>
      <p className="text-sm text-muted-foreground">
        Alle gedraaide nummers van een maand als CSV (datum, tijd, artiest, titel, album, duur), in
        de tijdzone van het station: voor de afdracht aan de rechtenorganisaties.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <FormField id={id} label="Maand" className="gap-1.5">
          {({ id: inputId }) => (
            <Input
              id={inputId}
              type="month"
              className="w-48"
              value={month}
              onChange={(event) => setMonth(event.target.value)}
            />
          )}
        </FormField>
        {valid ? (
          <Button asChild>
            <a href={`${PLAY_HISTORY_EXPORT_PATH}?month=${month}`} download>
              <FileDown aria-hidden="true" />
              CSV downloaden
            </a>
          </Button>
        ) : (
          <Button disabled>
            <FileDown aria-hidden="true" />
            CSV downloaden
          </Button>
        )}
      </div>
    </Card>
  );
}
