import { CLOUD_UPLOAD_MIN_KBPS } from '@radio/contracts';

/** The rules before sending, and what happens after (spec sections 5 and 9). */
export function UploadGuidelines() {
  return (
    <aside
      aria-labelledby="upload-richtlijnen"
      className="grid content-start gap-3 rounded-xl border bg-card p-4 text-sm shadow-sm sm:p-5"
    >
      <h2 id="upload-richtlijnen" className="text-base font-bold">
        Richtlijnen
      </h2>
      <ul className="grid list-disc gap-1.5 pl-5 text-muted-foreground marker:text-primary">
        <li>Maximaal 50 MB per bestand.</li>
        <li>
          Minimaal {CLOUD_UPLOAD_MIN_KBPS} kbps. Een lagere bitrate mag, maar je track krijgt dan
          een melding en klinkt op de radio minder goed.
        </li>
        <li>Formaten: MP3, MPEG, WAV, FLAC, AAC, OGG en M4A.</li>
        <li>Alleen muziek die je zelf hebt gemaakt of mag delen.</li>
      </ul>
      <h3 className="font-bold">Wat gebeurt er daarna?</h3>
      <p className="text-pretty text-muted-foreground">
        Een beheerder luistert je track en keurt hem goed of af. Bij Mijn uploads zie je steeds hoe
        het ervoor staat.
      </p>
    </aside>
  );
}
