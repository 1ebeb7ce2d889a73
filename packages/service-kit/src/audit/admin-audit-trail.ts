import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type {
  AdminAuditAction,
  AdminAuditChange,
  AdminAuditValue,
  AdminChangeEvent,
} from '@radio/contracts';
import { currentUser } from '../access/guards.ts';

/** A change an admin made, as a route hands it to `app.adminAudit.record`. */
export interface AdminChange<Fields extends object> {
  /** A code of ADMIN_AUDIT_ACTIONS (packages/contracts/src/admin-audit.ts). */
  action: AdminAuditAction;
  /** What was changed, for people: a user's e-mail, a request's "artist – title", "Instellingen". */
  target: string;
  /** The values before the change (null: there was nothing). */
  before: Fields | null;
  /** The values after it (null: it is gone). */
  after: Fields | null;
  /** Only these fields are compared (default: every field of before and after). */
  fields?: readonly (keyof Fields & string)[];
  /**
   * Fields whose values never leave the service: the entry says "ingesteld" / "niet ingesteld" /
   * "gewijzigd". Fields named like a key, token, password, secret or ARL are masked anyway.
   */
  secretFields?: readonly (keyof Fields & string)[];
}

export const SECRET_SET = 'ingesteld';
export const SECRET_UNSET = 'niet ingesteld';
export const SECRET_REPLACED = 'gewijzigd';
const SECRET_NAME = /arl|api_?key|password|secret|token/i;

/**
 * The audit trail of admin changes. The worker owns admin_audit_log; a service hands it each
 * change that committed as a `record-admin-change` job. One line per admin route, after the
 * change committed (never inside its transaction):
 *
 * ```ts
 * await request.server.adminAudit.record(request, {
 *   action: 'settings.station',
 *   target: 'Instellingen',
 *   before,            // e.g. the dj_settings row before the update
 *   after,             // the row the update returned
 *   fields: ['liveUrl', 'liveApiKey', 'nonstopUrl', 'nonstopApiKey', 'libraryName'],
 *   secretFields: ['liveApiKey', 'nonstopApiKey'],
 * });
 * ```
 *
 * Only changed fields are kept; a change that changed nothing records nothing. `record` never
 * throws: when the job cannot be enqueued (Redis down) the change stands and the entry is logged
 * as an error (masked) for the operator.
 */
export class AdminAuditTrail {
  readonly #enqueue: (event: AdminChangeEvent) => Promise<void>;
  readonly #now: () => Date;

  constructor(
    enqueue: (event: AdminChangeEvent) => Promise<void>,
    now: () => Date = () => new Date(),
  ) {
    this.#enqueue = enqueue;
    this.#now = now;
  }

  async record<Fields extends object>(
    request: FastifyRequest,
    change: AdminChange<Fields>,
  ): Promise<void> {
    const changes = changedFields(change);
    if (changes.length === 0) return;
    const actor = currentUser(request);
    const event: AdminChangeEvent = {
      eventId: randomUUID(),
      occurredAt: this.#now().toISOString(),
      actorUserId: actor.id,
      actorLabel: (actor.name.trim() || actor.email).slice(0, 200),
      action: change.action,
      target: change.target.slice(0, 500),
      changes,
    };
    try {
      await this.#enqueue(event);
    } catch (error) {
      request.log.error(
        { err: error, auditEvent: event },
        'ADMIN CHANGE NOT IN THE AUDIT LOG: the record-admin-change job could not be enqueued',
      );
    }
  }
}

/** The fields that differ between before and after, secrets masked. */
export function changedFields<Fields extends object>(
  change: Pick<AdminChange<Fields>, 'before' | 'after' | 'fields' | 'secretFields'>,
): AdminAuditChange[] {
  const before = (change.before ?? {}) as Record<string, unknown>;
  const after = (change.after ?? {}) as Record<string, unknown>;
  const fields = change.fields ?? [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const secrets = new Set<string>(change.secretFields ?? []);
  const changes: AdminAuditChange[] = [];
  for (const field of fields) {
    const from = auditValue(before[field]);
    const to = auditValue(after[field]);
    if (from === to) continue;
    const secret = secrets.has(field) || SECRET_NAME.test(field);
    changes.push({ field, ...(secret ? maskedSecret(from, to) : { before: from, after: to }) });
  }
  return changes;
}

function maskedSecret(
  from: AdminAuditValue,
  to: AdminAuditValue,
): Pick<AdminAuditChange, 'before' | 'after'> {
  const wasSet = from !== null && from !== '';
  const isSet = to !== null && to !== '';
  return {
    before: wasSet ? SECRET_SET : SECRET_UNSET,
    after: !isSet ? SECRET_UNSET : wasSet ? SECRET_REPLACED : SECRET_SET,
  };
}

function auditValue(value: unknown): AdminAuditValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}
