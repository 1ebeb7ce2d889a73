import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ArrowRight, Headphones, ListMusic, Music, type LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { StationName } from '@/components/station-name';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { SongHistory } from '../lib/song-history';
import { RecentSongs } from './recent-songs';

const HIGHLIGHTS: { to: string; icon: LucideIcon; title: string; text: string }[] = [
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
  {
    to: '/luisteren',
    icon: Headphones,
    title: 'Luister waar je wilt',
    text: 'Met de directe streamlink luister je in je eigen speler, app of slimme speaker.',
  },
];

type HomePageProps = {
  /** The live player (another feature's, put in by the route). */
  player: ReactNode;
  /** The station's recent plays from now playing; undefined while loading or after a failure. */
  history: SongHistory | undefined;
  historyStatus: 'pending' | 'error' | 'success';
  /** The station's time zone, for the times of the history. */
  timeZone: string | undefined;
};

export function HomePage({ player, history, historyStatus, timeZone }: HomePageProps) {
  useDocumentTitle();
  return (
    <div className="mx-auto grid w-full max-w-6xl gap-10 lg:gap-14">
      <section
        aria-labelledby="home-title"
        className="grid items-center gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,34rem)] lg:gap-12"
      >
        <div className="grid gap-4 lg:gap-6">
          <p className="text-sm font-bold tracking-widest text-primary uppercase">
            Jouw lokale radio
          </p>
          <h1
            id="home-title"
            className="text-4xl font-extrabold tracking-tight text-balance sm:text-6xl"
          >
            <StationName />
          </h1>
          <p className="max-w-xl text-lg text-pretty text-muted-foreground sm:text-xl">
            Muziek, mensen en nieuws uit de buurt. Zet ons aan, vraag je favoriete nummer aan en doe
            mee met de uitzending.
          </p>
          <div className="hidden flex-wrap gap-3 lg:flex">
            <Button asChild size="lg" variant="outline">
              <Link to="/playlist">
                <ListMusic aria-hidden="true" />
                Bekijk de playlist
              </Link>
            </Button>
            <Button asChild size="lg" variant="ghost">
              <Link to="/luisteren">
                <Headphones aria-hidden="true" />
                Meer luisteropties
              </Link>
            </Button>
          </div>
        </div>
        {player}
      </section>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <RecentSongs history={history} status={historyStatus} timeZone={timeZone} />
        <section aria-label="Wat je hier kunt doen" className="grid content-start gap-4">
          {HIGHLIGHTS.map(({ to, icon: Icon, title, text }) => (
            <Card
              key={to}
              className="group relative flex items-start gap-4 p-5 transition-shadow hover:shadow-md"
            >
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-accent text-accent-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div className="grid min-w-0 flex-1 gap-1">
                <h2 className="font-bold">
                  <Link
                    to={to}
                    className="after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-ring"
                  >
                    {title}
                  </Link>
                </h2>
                <p className="text-sm text-muted-foreground">{text}</p>
              </div>
              <ArrowRight
                aria-hidden="true"
                className="mt-1 size-5 shrink-0 text-primary transition-transform group-hover:translate-x-1"
              />
            </Card>
          ))}
        </section>
      </div>

      <section
        aria-labelledby="about-title"
        className="grid gap-4 rounded-2xl border bg-card p-6 sm:p-10 md:grid-cols-[1fr_2fr] md:gap-12"
      >
        <h2 id="about-title" className="text-2xl font-extrabold tracking-tight">
          Over <StationName />
        </h2>
        <div className="grid gap-4 text-pretty text-muted-foreground">
          <p>
            <StationName /> is de radio van en voor de buurt. Vrijwilligers maken dag en nacht
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
