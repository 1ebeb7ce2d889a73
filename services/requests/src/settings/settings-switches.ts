import type {
  AdminAuditAction,
  BroadcastingMode,
  BroadcastingModeResponse,
  PublicDjSettings,
} from '@radio/contracts';
import type { DjSettingsRow } from '@radio/db';
import type { AdminChange } from '@radio/service-kit';
import type { ApprovedRequests } from '../requests/approved-requests.ts';
import { toPublicSettings } from './public-settings.ts';
import type { SettingsRepository } from './settings-repository.ts';

/** Hands a committed change to the admin audit trail, as the admin who made it. */
export type RecordAdminChange = (change: AdminChange<DjSettingsRow>) => Promise<void>;

export interface SettingsSwitchesOptions {
  settings: Pick<
    SettingsRepository,
    'get' | 'setRegistrationEnabled' | 'setRequestsEnabled' | 'setBroadcastingMode'
  >;
  requests: Pick<ApprovedRequests, 'broadcastingModeChanged'>;
  /** The public settings after a switch (the live `settings` event); must not throw. */
  changed?: (after: PublicDjSettings) => void;
}

/**
 * The public settings and the admin's switches (registration, requests on/off, broadcasting
 * mode): each switch changes one field and goes to the audit trail.
 */
export class SettingsSwitches {
  readonly #settings: SettingsSwitchesOptions['settings'];
  readonly #requests: SettingsSwitchesOptions['requests'];
  readonly #changed: NonNullable<SettingsSwitchesOptions['changed']>;

  constructor(options: SettingsSwitchesOptions) {
    this.#settings = options.settings;
    this.#requests = options.requests;
    this.#changed = options.changed ?? (() => undefined);
  }

  async publicSettings(): Promise<PublicDjSettings> {
    return toPublicSettings(await this.#settings.get());
  }

  async setRegistrationEnabled(
    enabled: boolean,
    record: RecordAdminChange,
  ): Promise<PublicDjSettings> {
    const after = await this.#change(record, 'settings.registration', 'registrationEnabled', () =>
      this.#settings.setRegistrationEnabled(enabled),
    );
    return toPublicSettings(after);
  }

  /** Off: the request page shows its gate and a submit is refused; what waits stays queued. */
  async setRequestsEnabled(enabled: boolean, record: RecordAdminChange): Promise<PublicDjSettings> {
    const after = await this.#change(record, 'settings.requests', 'requestsEnabled', () =>
      this.#settings.setRequestsEnabled(enabled),
    );
    return toPublicSettings(after);
  }

  /**
   * Back in nonstop, the requests the DJ approved during the live show go into the queue, or to
   * AzuraCast's request API; the switch stands whatever AzuraCast answers.
   */
  async setBroadcastingMode(
    mode: BroadcastingMode,
    record: RecordAdminChange,
  ): Promise<BroadcastingModeResponse> {
    const after = await this.#change(record, 'settings.broadcasting-mode', 'broadcastingMode', () =>
      this.#settings.setBroadcastingMode(mode),
    );
    const { stationSubmissions } = await this.#requests.broadcastingModeChanged(mode);
    return { ...toPublicSettings(after), stationSubmissions };
  }

  /** Changes one setting and hands the change to the audit trail; answers the settings after it. */
  async #change(
    record: RecordAdminChange,
    action: AdminAuditAction,
    field: keyof DjSettingsRow,
    change: () => Promise<DjSettingsRow>,
  ): Promise<DjSettingsRow> {
    const before = await this.#settings.get();
    const after = await change();
    await record({ action, target: 'Instellingen', before, after, fields: [field] });
    this.#changed(toPublicSettings(after));
    return after;
  }
}
