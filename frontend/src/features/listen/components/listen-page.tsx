import type { ReactNode } from 'react';
import { ExternalLink, Headphones, Link2, Radio } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { Skeleton } from '@/components/ui/skeleton';
import { CopyLink } from './copy-link';
import { CopyLinkPlaceholder } from './copy-link-placeholder';
import { CardIcon } from './card-icon';
import { Unavailable } from './unavailable';

type ListenPageProps = {
  /** The live player (another feature's, put in by the route). */
  player: ReactNode;
  /** The direct stream address; undefined while the station info loads or failed. */
  streamUrl: string | undefined;
  /** The station's page in an external radio directory. */
  radioDirectoryUrl: string | undefined;
  isLoading: boolean;
};

export function ListenPage({ player, streamUrl, radioDirectoryUrl, isLoading }: ListenPageProps) {
  return (
    <Page
      title="Luisteren"
      icon={Headphones}
      description="Luister live mee in je browser, of open de stream in je eigen mediaspeler."
    >
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)]">
        {player}

        <div className="grid gap-6">
          <Card>
            <CardHeader className="flex-row items-start gap-4">
              <CardIcon icon={Link2} />
              <div className="grid gap-1.5">
                <CardTitle>Directe streamlink</CardTitle>
                <CardDescription>
                  Plak deze link in VLC, iTunes, een radio-app of je slimme speaker.
                </CardDescription>
              </div>
            </CardHeader>
            <CardContent>
              {streamUrl ? (
                // A path on the site itself ("/stream/radio.mp3") is of no use in another player.
                <CopyLink
                  value={new URL(streamUrl, window.location.href).href}
                  label="Directe streamlink"
                />
              ) : isLoading ? (
                <CopyLinkPlaceholder />
              ) : (
                <Unavailable>
                  De streamlink is nu niet beschikbaar. Probeer het later nog eens.
                </Unavailable>
              )}
            </CardContent>
          </Card>

          <Card>
            <CardHeader className="flex-row items-start gap-4">
              <CardIcon icon={Radio} />
              <div className="grid gap-1.5">
                <CardTitle>Vind ons in de radiogids</CardTitle>
                <CardDescription>
                  Ook te beluisteren via radiowebsites en apps die zenders verzamelen. Zet ons daar
                  bij je favorieten.
                </CardDescription>
              </div>
            </CardHeader>
            <CardContent>
              {radioDirectoryUrl ? (
                <Button asChild variant="outline" className="w-full sm:w-auto">
                  <a href={radioDirectoryUrl} target="_blank" rel="noopener noreferrer">
                    Bekijk ons in de radiogids
                    <ExternalLink aria-hidden="true" />
                    <span className="sr-only">(opent in een nieuw tabblad)</span>
                  </a>
                </Button>
              ) : isLoading ? (
                <Skeleton className="h-10 w-56" />
              ) : (
                <Unavailable>De link naar de radiogids is nu niet beschikbaar.</Unavailable>
              )}
            </CardContent>
          </Card>
        </div>
      </div>
    </Page>
  );
}
