import type { PublicDjSettings } from '@radio/contracts';
import type { DjSettingsRow } from '@radio/db';

/** What anyone may see of the settings: never API keys, stream URLs (they carry keys) or the ARL. */
export function toPublicSettings(settings: DjSettingsRow): PublicDjSettings {
  return {
    requestsEnabled: settings.requestsEnabled,
    requestEnabled: settings.requestsEnabled,
    registrationEnabled: settings.registrationEnabled,
    broadcastingMode: settings.broadcastingMode,
    isLive: settings.broadcastingMode === 'live',
    libraryName: settings.libraryName,
    maxRequestsPerIp: settings.maxRequestsPerIp,
    maxRequestsPerBrowser: settings.maxRequestsPerBrowser,
    trackCooldownHours: settings.trackCooldownHours,
    artistCooldownHours: settings.artistCooldownHours,
  };
}
