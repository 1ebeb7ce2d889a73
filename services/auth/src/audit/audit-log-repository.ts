import type { AdminAuditLogRow, Db } from '@radio/db';

/** Reads admin_audit_log (the worker writes it): newest first. */
export class AuditLogRepository {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  async page(page: number, pageSize: number): Promise<{ rows: AdminAuditLogRow[]; total: number }> {
    const [rows, count] = await Promise.all([
      this.#db
        .selectFrom('adminAuditLog')
        .selectAll()
        .orderBy('occurredAt', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      this.#db
        .selectFrom('adminAuditLog')
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }
}
