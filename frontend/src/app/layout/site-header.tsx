import { useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { LogIn, LogOut, Menu, Radio, UserRound, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuthUser } from '@/features/auth/api/get-auth-user';
import { useLogout } from '@/features/auth/api/logout';
import { DJ_SETTINGS_DEFAULTS, useDjSettings } from '@/features/dj-settings/api/get-dj-settings';
import { StationName } from '@/components/station-name';
import { serverMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { toast } from '@/components/ui/use-toast';
import { navLinksFor } from './nav-links';
import { useFits } from './use-fits';
import { useNavigateAndWait } from './use-navigate-and-wait';
import { StudioContactLink } from './studio-contact-link';

const MOBILE_MENU_ID = 'mobile-menu';
const LOGOUT_REDIRECT_DELAY_MS = 100;

function LiveBadge() {
  return (
    <Badge variant="live" title="We zijn nu live in de uitzending">
      <span aria-hidden="true" className="size-1.5 animate-pulse rounded-full bg-white" />
      LIVE
    </Badge>
  );
}

function navLinkClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-md px-3 py-2 text-sm font-semibold transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
    isActive ? 'text-primary' : 'text-foreground/80',
  );
}

export function SiteHeader() {
  const { data: user = null, isPending: isUserPending } = useAuthUser();
  const { data: settings = DJ_SETTINGS_DEFAULTS } = useDjSettings();
  const navigateAndWait = useNavigateAndWait();
  const logout = useLogout({
    mutationConfig: {
      onSuccess: async () => {
        toast({ title: 'Tot ziens!', description: 'Je bent succesvol uitgelogd.' });
        // The goodbye toast shows a moment before the page changes; the home page is on screen
        // before the user is forgotten.
        await new Promise((resolve) => setTimeout(resolve, LOGOUT_REDIRECT_DELAY_MS));
        await navigateAndWait('/');
      },
      onError: (error) => {
        toast({
          variant: 'destructive',
          title: 'Uitloggen mislukt',
          description: serverMessage(error) ?? 'Er is een fout opgetreden bij het uitloggen',
        });
      },
    },
  });
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on, so it closes by itself on navigation.
  const [menuOpenedOn, setMenuOpenedOn] = useState<string | null>(null);
  const isMenuOpen = menuOpenedOn === pathname;
  const closeMenu = () => setMenuOpenedOn(null);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const rowRef = useRef<HTMLDivElement>(null);
  const fullBarRef = useRef<HTMLDivElement>(null);
  const collapsed = !useFits(fullBarRef, rowRef);

  const links = navLinksFor(user, settings);
  const isLive = settings.broadcastingMode === 'live';

  function accountActions(layout: 'bar' | 'menu') {
    if (isUserPending) return <Skeleton className="h-9 w-28" />;
    const fullWidth = layout === 'menu' ? 'w-full justify-start' : undefined;
    if (!user) {
      return (
        <Button asChild size="sm" className={fullWidth}>
          <Link to="/auth" onClick={closeMenu}>
            <LogIn aria-hidden="true" />
            Inloggen
          </Link>
        </Button>
      );
    }
    return (
      <>
        <Button asChild variant="ghost" size="sm" className={fullWidth}>
          <NavLink to="/account" onClick={closeMenu}>
            <UserRound aria-hidden="true" />
            Account
          </NavLink>
        </Button>
        <Button
          variant="outline"
          size="sm"
          className={fullWidth}
          disabled={logout.isPending}
          onClick={() => {
            closeMenu();
            logout.mutate();
          }}
        >
          <LogOut aria-hidden="true" />
          Uitloggen
        </Button>
      </>
    );
  }

  const logo = (
    <Link
      to="/"
      onClick={closeMenu}
      className="flex shrink-0 items-center gap-2.5 rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
    >
      <span className="inline-flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Radio aria-hidden="true" className="size-5" />
      </span>
      <span className="text-lg font-extrabold tracking-tight whitespace-nowrap">
        <StationName />
      </span>
    </Link>
  );
  const barLinks = (
    <ul className="flex items-center gap-1">
      {links.map(({ to, label }) => (
        <li key={to}>
          <NavLink to={to} end className={navLinkClass}>
            {label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
  const barActions = (
    <>
      {/* Next to a logged-in user's buttons the label only fits on the widest screens. */}
      <StudioContactLink labelClassName={user ? 'sr-only 2xl:not-sr-only' : undefined} />
      {accountActions('bar')}
    </>
  );

  return (
    <header
      className="sticky top-0 z-40 border-b bg-background/90 px-4 backdrop-blur supports-[backdrop-filter]:bg-background/75 sm:px-6"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !isMenuOpen) return;
        closeMenu();
        // The focused link is gone with the menu: focus goes back to the button that opened it.
        menuButtonRef.current?.focus();
      }}
    >
      <div ref={rowRef} className="relative mx-auto flex h-16 max-w-6xl items-center gap-4">
        {logo}

        <nav aria-label="Hoofdmenu" className={cn(collapsed && 'hidden')}>
          {barLinks}
        </nav>

        <div className="ml-auto flex items-center gap-2">
          {isLive && <LiveBadge />}
          <div className={cn('items-center gap-2', collapsed ? 'hidden' : 'flex')}>
            {barActions}
          </div>
          <Button
            ref={menuButtonRef}
            variant="ghost"
            size="sm"
            className={cn(!collapsed && 'hidden')}
            aria-expanded={isMenuOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setMenuOpenedOn(isMenuOpen ? null : pathname)}
          >
            {isMenuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            Menu
          </Button>
        </div>
        {/* The full bar, unseen, to measure: the menu collapses only when the links don't fit. */}
        <div
          ref={fullBarRef}
          aria-hidden="true"
          inert
          className="invisible absolute top-0 left-0 flex h-0 w-max items-center gap-4 overflow-hidden"
        >
          {logo}
          {barLinks}
          <div className="flex items-center gap-2">
            {/* About the LIVE badge's width (the badge itself once, for screen readers). */}
            {isLive && <span className="w-16 shrink-0" />}
            {barActions}
          </div>
        </div>
      </div>

      {isMenuOpen && (
        <div id={MOBILE_MENU_ID} className={cn('border-t pt-2 pb-4', !collapsed && 'hidden')}>
          <nav aria-label="Hoofdmenu">
            <ul className="grid gap-1">
              {links.map(({ to, label }) => (
                <li key={to}>
                  <NavLink
                    to={to}
                    end
                    onClick={closeMenu}
                    className={(state) => cn(navLinkClass(state), 'block py-3 text-base')}
                  >
                    {label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-3 grid gap-2 border-t pt-4">
            {accountActions('menu')}
            <StudioContactLink className="w-full justify-start" />
          </div>
        </div>
      )}
    </header>
  );
}
