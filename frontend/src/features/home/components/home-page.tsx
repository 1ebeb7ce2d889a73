import { Link } from 'react-router-dom';
import { ArrowRight, Headphones, ListMusic, Music, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { STATION_NAME } from '@/lib/config';
import { useDocumentTitle } from '@/lib/use-document-title';

const HIGHLIGHTS: { to: string; icon: LucideIcon; title: string; text: string }[] = [
  {
    to: '/luisteren',
    icon: Headphones,
    title: 'Luister live',
    text: 'Dag en nacht muziek uit de buurt, in je browser of in je eigen speler.',
  },
  {
    to: '/playlist',
    icon: ListMusic,
    title: 'Wat was dat nummer?',
    text: 'Zoek terug wat er gedraaid is, per dag en per uur.',
  },
  {
    to: '/verzoekjes',
    icon: Music,
    title: 'Vraag een nummer aan',
    text: 'Stuur een verzoekje in, met een persoonlijk bericht of een ingesproken groet.',
  },
];

export function HomePage() {
  useDocumentTitle();
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-12">
      <section
        aria-labelledby="home-title"
        className="relative overflow-hidden rounded-3xl bg-ink px-6 py-12 text-ink-foreground sm:px-12 sm:py-16"
      >
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-32 -right-20 size-96 rounded-full bg-primary/45 blur-3xl"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -bottom-40 -left-24 size-80 rounded-full bg-orange-300/15 blur-3xl"
        />
        <div className="relative grid max-w-2xl gap-6">
          <p className="text-sm font-bold tracking-widest text-orange-300 uppercase">
            Jouw lokale radio
          </p>
          <h1
            id="home-title"
            className="text-4xl font-extrabold tracking-tight text-balance sm:text-6xl"
          >
            {STATION_NAME}
          </h1>
          <p className="text-lg text-pretty text-ink-foreground/85 sm:text-xl">
            Muziek, mensen en nieuws uit de buurt. Zet ons aan, vraag je favoriete nummer aan en doe
            mee met de uitzending.
          </p>
          <div className="flex flex-wrap gap-3">
            <Button asChild size="lg">
              <Link to="/luisteren">
                <Headphones aria-hidden="true" />
                Luister live
              </Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white/30 bg-transparent text-ink-foreground hover:bg-white/10 hover:text-ink-foreground"
            >
              <Link to="/playlist">Bekijk de playlist</Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-label="Wat je hier kunt doen" className="grid gap-4 md:grid-cols-3">
        {HIGHLIGHTS.map(({ to, icon: Icon, title, text }) => (
          <Card key={to} className="group relative p-6 transition-shadow hover:shadow-md">
            <span className="mb-4 inline-flex size-11 items-center justify-center rounded-xl bg-accent text-accent-foreground">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            <h2 className="text-lg font-bold">
              <Link
                to={to}
                className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring"
              >
                {title}
              </Link>
            </h2>
            <p className="mt-1 text-sm text-muted-foreground">{text}</p>
            <ArrowRight
              aria-hidden="true"
              className="mt-4 size-5 text-primary transition-transform group-hover:translate-x-1"
            />
          </Card>
        ))}
      </section>

      <section
        aria-labelledby="about-title"
        className="grid gap-4 md:grid-cols-[1fr_2fr] md:gap-12"
      >
        <h2 id="about-title" className="text-2xl font-extrabold tracking-tight">
          Over {STATION_NAME}
        </h2>
        <div className="grid gap-4 text-pretty text-muted-foreground">
          <p>
            {STATION_NAME} is de radio van en voor de buurt. Vrijwilligers maken dag en nacht
            programma&apos;s vol muziek, verhalen en nieuws uit de regio, met volop ruimte voor jouw
            verzoekjes.
          </p>
          <p>
            Heb je een tip, een groet of wil je zelf radio maken? Laat het de studio weten: we horen
            graag van je.
          </p>
        </div>
      </section>
    </div>
  );
}
