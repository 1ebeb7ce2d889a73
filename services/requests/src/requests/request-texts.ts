/** "12 minuten", "1 uur en 5 minuten": a wait in whole minutes, rounded up, in Dutch. */
export function formatWait(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const minuteText = (count: number): string => (count === 1 ? '1 minuut' : `${count} minuten`);
  if (minutes < 60) return minuteText(minutes);
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `${hours} uur` : `${hours} uur en ${minuteText(rest)}`;
}

export const REASONS = {
  generic: 'Deze track kan momenteel niet worden aangevraagd.',
  voiceMessageUnavailable:
    'Je spraakbericht is niet meer te gebruiken (verlopen of al verstuurd). Neem het opnieuw op.',
  waiting: 'Dit nummer staat al in de wachtrij.',
  notRequestable: 'Dit nummer kan niet worden aangevraagd.',
  deezerNotReadable: 'Dit nummer is niet beschikbaar bij Deezer.',
  deezerUnavailable: 'Verzoekjes uit de Deezer-catalogus zijn op dit moment niet mogelijk.',
  trackCooldown: (wait: number): string =>
    `Dit nummer is onlangs gedraaid. Je kunt het over ${formatWait(wait)} weer aanvragen.`,
  artistCooldown: (wait: number): string =>
    `Er is onlangs een nummer van deze artiest gedraaid. Je kunt over ${formatWait(wait)} weer een nummer van deze artiest aanvragen.`,
  rateLimit: (wait: number): string =>
    `Je kunt over ${formatWait(wait)} weer een verzoekje indienen.`,
  browserLimit: (count: number, wait: number): string =>
    `Er staan al ${count} verzoekjes van deze browser in de wachtrij. Je kunt over ${formatWait(wait)} weer een verzoekje indienen.`,
  ipLimit: (count: number, wait: number): string =>
    `Er staan al ${count} verzoekjes vanaf dit adres in de wachtrij. Je kunt over ${formatWait(wait)} weer een verzoekje indienen.`,
  requestsDisabled: 'Verzoekjes zijn momenteel uitgeschakeld.',
  stationRefused: (said: string): string =>
    said === ''
      ? 'De zender neemt dit verzoekje niet aan.'
      : `De zender neemt dit verzoekje niet aan. De zender zegt: “${said}”`,
  noName: 'Stel eerst je naam in voordat je een verzoekje indient.',
  trackNotFound: 'Dit nummer bestaat niet (meer) in de bibliotheek.',
  deezerTrackNotFound: 'Dit nummer is niet gevonden bij Deezer.',
  deezerUnreachable:
    'Deezer is op dit moment niet bereikbaar. Probeer het over een minuut opnieuw.',
  noTrack: 'Kies een nummer uit de bibliotheek of van Deezer.',
  noRequest: 'Dit verzoekje bestaat niet.',
  invalidTransition: (from: string, to: string): string =>
    `Een verzoekje met status ${from} kan niet naar ${to}.`,
} as const;
