import type { UpdateDeezerArlResponse } from '@radio/contracts';
import { checkArl, type ArlCheck, type ArlCheckOptions } from '@radio/station';
import type { SettingsRepository } from '../settings/settings-repository.ts';

export interface UpdateDeezerArlDeps {
  settings: Pick<SettingsRepository, 'setDeezerArl'>;
  gateway: ArlCheckOptions;
  /** Why Deezer could not be asked (for the operator's log; never holds the ARL). */
  onUntested: (problem: string) => void;
}

/**
 * Tests an ARL with Deezer's user-data call and stores it only when it names an account: an
 * invalid one, or one Deezer could not be asked about, leaves the stored ARL as it was.
 */
export async function updateDeezerArl(
  deps: UpdateDeezerArlDeps,
  arl: string,
): Promise<UpdateDeezerArlResponse> {
  const check: ArlCheck = await checkArl(arl, deps.gateway);
  switch (check.outcome) {
    case 'valid': {
      await deps.settings.setDeezerArl(arl);
      const { name, offer, country, canStreamHq, canStreamLossless } = check.account;
      const who = name ?? `gebruiker ${check.account.userId}`;
      return {
        tested: true,
        valid: true,
        message: `ARL opgeslagen: ingelogd als ${who}${offer ? ` (${offer})` : ''}.`,
        error: null,
        details: { name, offer, country, canStreamHq, canStreamLossless },
      };
    }
    case 'invalid':
      return {
        tested: true,
        valid: false,
        message:
          'Deezer kent deze ARL niet of hij is verlopen. De opgeslagen ARL is niet gewijzigd.',
        error: 'ARL_INVALID',
        details: null,
      };
    case 'untested':
      deps.onUntested(check.problem);
      return {
        tested: false,
        valid: false,
        message:
          'Deezer is nu niet bereikbaar, de ARL kon niet worden getest. De opgeslagen ARL is niet gewijzigd; probeer het later opnieuw.',
        error: 'DEEZER_UNREACHABLE',
        details: null,
      };
  }
}
