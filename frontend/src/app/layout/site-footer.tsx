import { Link } from 'react-router-dom';
import { Radio } from 'lucide-react';
import { StationName } from '@/components/station-name';
import { StudioContactLink } from './studio-contact-link';

const CURRENT_YEAR = new Date().getFullYear();

const FOOTER_LINKS = [
  { to: '/luisteren', label: 'Luister live' },
  { to: '/playlist', label: 'Playlist' },
  { to: '/verzoekjes', label: 'Verzoekjes' },
];

export function SiteFooter() {
  return (
    <footer className="mt-16 bg-ink px-4 text-ink-foreground sm:px-6">
      <div className="mx-auto grid max-w-6xl gap-10 py-12 md:grid-cols-3">
        <div className="grid content-start gap-3">
          <p className="flex items-center gap-2.5 text-lg font-extrabold tracking-tight">
            <span className="inline-flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <Radio aria-hidden="true" className="size-5" />
            </span>
            <StationName />
          </p>
          <p className="text-sm text-ink-foreground/75">
            Jouw lokale radio: muziek, mensen en nieuws uit de buurt, dag en nacht.
          </p>
        </div>
        <nav aria-label="Footer" className="grid content-start gap-3">
          <h2 className="text-sm font-bold tracking-widest text-orange-300 uppercase">Snel naar</h2>
          <ul className="grid gap-2 text-sm">
            {FOOTER_LINKS.map(({ to, label }) => (
              <li key={to}>
                <Link
                  to={to}
                  className="rounded-sm text-ink-foreground/85 underline-offset-4 hover:text-ink-foreground hover:underline focus-visible:ring-2 focus-visible:ring-orange-300 focus-visible:outline-none"
                >
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="grid content-start gap-3">
          <h2 className="text-sm font-bold tracking-widest text-orange-300 uppercase">
            Contact met de studio
          </h2>
          <p className="text-sm text-ink-foreground/75">
            Een groet, een tip of een vraag voor de DJ? Stuur ons een berichtje.
          </p>
          <StudioContactLink className="w-fit border-white/30 bg-transparent text-ink-foreground hover:bg-white/10 hover:text-ink-foreground" />
        </div>
      </div>
      <div className="mx-auto max-w-6xl border-t border-white/10">
        <p className="py-5 text-xs text-ink-foreground/60">
          © {CURRENT_YEAR} <StationName />
        </p>
      </div>
    </footer>
  );
}
