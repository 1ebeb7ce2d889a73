import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  CloudUpload,
  LayoutDashboard,
  ListMusic,
  Settings,
  SlidersHorizontal,
  ToggleRight,
  Users,
  Music,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PlayHistoryExport } from './play-history-export';

const ADMIN_TABS = [
  { value: 'overzicht', label: 'Overzicht', icon: LayoutDashboard },
  { value: 'gebruikers', label: 'Gebruikers', icon: Users },
  { value: 'verzoekjes', label: 'Verzoekjes', icon: Music },
  { value: 'playlist', label: 'Playlist', icon: ListMusic },
  { value: 'systeem', label: 'Systeem', icon: ToggleRight },
  { value: 'instellingen', label: 'Instellingen', icon: Settings },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]['value'];

/** The tab named by ?tab= (a reload keeps it); the overview by default. */
export const adminTabFromParam = (param: string | null): AdminTab =>
  ADMIN_TABS.find((tab) => tab.value === param)?.value ?? 'overzicht';

/**
 * The admin panel's six tabs (spec section 2). Each tab's content comes in as `panels` (each from
 * its own feature, composed by the router).
 */
export function AdminManagementPage({
  panels,
  timeZone,
}: {
  panels: Record<AdminTab, ReactNode>;
  timeZone: string;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = adminTabFromParam(searchParams.get('tab'));
  return (
    <Page
      title="Beheer"
      icon={SlidersHorizontal}
      description="Gebruikers, verzoekjes, de playlist en de instellingen van het station."
    >
      <Button asChild variant="outline" className="mb-6">
        <Link to="/cloud-uploads">
          <CloudUpload aria-hidden="true" />
          Ingestuurde tracks beoordelen
        </Link>
      </Button>
      <Tabs
        value={tab}
        onValueChange={(value) =>
          setSearchParams({ tab: adminTabFromParam(value) }, { replace: true })
        }
      >
        <TabsList
          aria-label="Beheeronderdelen"
          className="grid h-auto w-full grid-cols-2 gap-1 sm:grid-cols-3 lg:flex lg:w-auto"
        >
          {ADMIN_TABS.map(({ value, label, icon: Icon }) => (
            <TabsTrigger key={value} value={value}>
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {ADMIN_TABS.map(({ value }) => (
          <TabsContent key={value} value={value} className="grid gap-6">
            {panels[value]}
            {value === 'overzicht' && <PlayHistoryExport timeZone={timeZone} />}
          </TabsContent>
        ))}
      </Tabs>
    </Page>
  );
}
