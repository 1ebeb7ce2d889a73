import type { AdminChangeEvent } from '@radio/contracts';
import type { Db } from '@radio/db';

/** admin_audit_log, which the worker alone writes. */
export class AdminAuditLogRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /** False when this event is in the log already (a retried or repeated job). */
  async add(event: AdminChangeEvent): Promise<boolean> {
    const row = await this.#db
      .insertInto('adminAuditLog')
      .values({
        eventId: event.eventId,
        occurredAt: event.occurredAt,
        actorUserId: event.actorUserId,
        actorLabel: event.actorLabel,
        action: event.action,
        target: event.target,
        changes: JSON.stringify(event.changes),
      })
      .onConflict((conflict) => conflict.column('eventId').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }
}
