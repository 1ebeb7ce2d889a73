import { useId, useState, type ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { failureMessage } from '@/lib/api-client';
import { useAdminSettings } from '../api/get-admin-settings';
import type { SourceTests } from '../lib/settings-values';
import { SettingsFields } from './settings-fields';

/**
 * The settings tab's form (issue 10): sources with write-only keys, stream and library name, and
 * the request limits. Only changed fields are sent; what is shown after a save is the server's.
 */
export function StationSettingsForm() {
  const settings = useAdminSettings();
  const [lastSaveTests, setLastSaveTests] = useState<SourceTests>({});
  const titleId = useId();
  let body: ReactNode;
  if (settings.isPending) body = <Skeleton className="h-96 w-full" />;
  else if (!settings.data) {
    body = (
      <p role="alert" className="text-sm font-medium text-destructive">
        De instellingen konden niet worden geladen: {failureMessage(settings.error)}
      </p>
    );
  } else {
    body = (
      // A save gives new settings (and a new updatedAt): the fields start again from them.
      <SettingsFields
        key={settings.data.updatedAt}
        titleId={titleId}
        saved={settings.data}
        lastSaveTests={lastSaveTests}
        onSaved={setLastSaveTests}
      />
    );
  }
  return (
    <Card className="grid min-w-0 gap-4 p-4 sm:p-5">
      <h2 id={titleId} className="text-lg font-bold">
        Instellingen
      </h2>
      {body}
    </Card>
  );
}
