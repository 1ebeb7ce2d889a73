import { History, Mic, Music, ShieldCheck, type LucideIcon } from 'lucide-react';
import { StationName } from '@/components/station-name';

const BENEFITS: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Music,
    title: 'Verzoekjes aanvragen',
    text: 'Zoek je favoriete nummer op en vraag het aan, met een persoonlijk bericht erbij.',
  },
  {
    icon: Mic,
    title: 'VoiceMessage inspreken',
    text: 'Neem een groet of opdracht op die de DJ bij je verzoekje kan laten horen.',
  },
  {
    icon: History,
    title: 'Je verzoekjes terugzien',
    text: 'Bekijk welke nummers je hebt aangevraagd en welke al gedraaid zijn.',
  },
  {
    icon: ShieldCheck,
    title: 'Eerlijk voor iedereen',
    text: 'Met accounts voorkomen we misbruik, zodat iedere luisteraar een kans krijgt.',
  },
];

/** The large-screen panel that tells a visitor why an account is worth it. */
export function AccountBenefits() {
  return (
    <aside
      aria-labelledby="account-benefits-title"
      className="relative hidden overflow-hidden rounded-2xl bg-ink p-10 text-ink-foreground lg:flex lg:flex-col lg:justify-between"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-primary/40 blur-3xl"
      />
      <div className="relative grid gap-8">
        <div className="grid gap-3">
          <p className="text-sm font-bold tracking-widest text-orange-300 uppercase">
            <StationName />
          </p>
          <h2 id="account-benefits-title" className="text-3xl font-extrabold tracking-tight">
            Waarom een account?
          </h2>
          <p className="text-ink-foreground/80">
            Luisteren kan altijd zonder account. Wil je meedoen met de uitzending? Dan heb je er een
            nodig.
          </p>
        </div>
        <ul className="grid gap-6">
          {BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-white/10 text-orange-300">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div className="grid gap-1">
                <h3 className="font-bold">{title}</h3>
                <p className="text-sm text-ink-foreground/75">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <p className="relative mt-10 border-t border-white/15 pt-6 text-sm text-ink-foreground/75">
        Luisteren, aanvragen, meedoen: samen maken we radio voor de buurt.
      </p>
    </aside>
  );
}
