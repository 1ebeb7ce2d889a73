import { UserRound } from 'lucide-react';
import type { User } from '@radio/contracts';
import { Page } from '@/components/ui/page';
import { useStationInfo } from '@/lib/station-info';
import { AccountDetails } from './account-details';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';

/** The page of a logged-in user (the route asks for the login). */
export function AccountPage({
  user,
  onUserChanged,
}: {
  user: User;
  /** The server's answer after a change, for the app's copy of the logged-in user. */
  onUserChanged: (user: User) => void;
}) {
  const stationInfo = useStationInfo();
  return (
    <Page title="Account" icon={UserRound} description="Je gegevens bij de radio.">
      <div className="grid gap-6">
        <AccountDetails user={user} timeZone={stationInfo.data?.timeZone ?? 'Europe/Amsterdam'} />
        <div className="grid items-start gap-6 md:grid-cols-2">
          <ChangeEmailForm onEmailChanged={onUserChanged} />
          <ChangePasswordForm />
        </div>
      </div>
    </Page>
  );
}
