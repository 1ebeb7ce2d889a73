/**
 * AzuraCast's texts for the behavioural fake, and their Dutch translations as the nl_NL
 * default.po of each tag has them (/work/repro/azuracast-facts.md §5). An empty msgstr there
 * means AzuraCast answers in English, so such texts are simply absent here.
 */

export type FakeAzuraCastVersion = '0.19.3' | '0.22' | '0.23';
export type FakeAzuraCastLocale = 'en' | 'nl';

/** translations/nl_NL.UTF-8/LC_MESSAGES/default.po at tag 0.19.3 (line of the msgid). */
const dutch0193: Record<string, string> = {
  // L7548
  'Search engine crawlers are not permitted to use this feature.':
    'Zoekmachine crawlers zijn niet toegestaan om deze functie te gebruiken.',
  // L7552
  'You are not permitted to submit requests.':
    'Je hebt geen toestemming om aanvragen in te dienen.',
  // L7556
  'The song ID you specified cannot be requested for this station.':
    'Het opgeven nummer ID voor dit station kan niet worden aangevraagd.',
  // L7564
  'Duplicate request: this song was already requested and will play soon.':
    'Dit nummer staat al in de wachtrij, en zal binnen 15 minuten worden afgespeeld.',
  // L7568
  'This song or artist has been played too recently. Wait a while before requesting it again.':
    'Dit nummer of deze artiest werd onlangs afgespeeld. Wacht even voordat u het opnieuw aanvraagt.',
  // L7560
  'You have submitted a request too recently! Please wait before submitting another one.':
    'U heeft kortgeleden al een verzoekplaat ingediend! Wacht aub 15 minuten voordat u een volgende indient.',
  // L7492
  'Record not found': 'Record niet gevonden',
  // L6449
  'You must be logged in to access this page.':
    'U moet ingelogd zijn om toegang te krijgen tot deze pagina.',
  // L6454
  'You do not have permission to access this portion of the site.':
    'U heeft geen toestemming om dit deel van de website te bezoeken.',
  // L7528
  'Changes saved successfully.': 'Wijzigingen succesvol opgeslagen.',
  // L7536
  'Record updated successfully.': 'Veld is met succes gewijzigd.',
  // L7540
  'Record deleted successfully.': 'Record succesvol verwijderd.',
  // L6726
  'This station is out of available storage space.': 'Dit station gebruikt teveel opslagruimte.',
};

/** The same file at 0.22.0–0.23.7 (identical in all of them). */
const dutch022: Record<string, string> = {
  // L7216
  'Cannot submit request: %s': 'Kan aanvraag niet indienen: %s',
  // L6872
  'Search engine crawlers are not permitted to use this feature.':
    'Zoekmachine crawlers zijn niet toegestaan om deze functie te gebruiken.',
  // L6876
  'You are not permitted to submit requests.':
    'Je hebt geen toestemming om aanvragen in te dienen.',
  // L6888
  'This song or artist has been played too recently. Wait a while before requesting it again.':
    'Dit nummer of deze artiest werd onlangs afgespeeld. Wacht even voordat u het opnieuw aanvraagt.',
  // L6892
  'You have submitted a request too recently! Please wait before submitting another one.':
    'U heeft kortgeleden al een verzoekplaat ingediend! Wacht aub 15 minuten voordat u een volgende indient.',
  // L6943
  'Record not found': 'Record niet gevonden',
  // L7220
  'You must be logged in to access this page.':
    'U moet ingelogd zijn om toegang te krijgen tot deze pagina.',
  // L7211
  'You do not have permission to access this portion of the site.':
    'U heeft geen toestemming om dit deel van de website te bezoeken.',
  // L6979
  'Changes saved successfully.': 'Wijzigingen succesvol opgeslagen.',
  // L6987
  'Record updated successfully.': 'Veld is met succes gewijzigd.',
  // L6991
  'Record deleted successfully.': 'Record succesvol verwijderd.',
  // L6792
  'This station is out of available storage space.': 'Dit station gebruikt teveel opslagruimte.',
};

/** AzuraCast's `__()`: the Dutch msgstr where the tag's po has one, else the English msgid. */
export function translate(
  version: FakeAzuraCastVersion,
  locale: FakeAzuraCastLocale,
  msgid: string,
): string {
  if (locale === 'en') return msgid;
  return (version === '0.19.3' ? dutch0193 : dutch022)[msgid] ?? msgid;
}
