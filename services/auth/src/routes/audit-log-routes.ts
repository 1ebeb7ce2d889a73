import {
  adminAuditLogQuerySchema,
  adminAuditLogResponseSchema,
  type AdminAuditEntry,
} from '@radio/contracts';
import type { AdminAuditLogRow } from '@radio/db';
import type { RoutePlugin } from '@radio/service-kit';
import type { AuditLogRepository } from '../audit/audit-log-repository.ts';

/** The admin changes the worker recorded (admin_audit_log), a page at a time. */
export function auditLogRoutes(log: AuditLogRepository): RoutePlugin {
  return async (app) => {
    app.get(
      '/api/admin/audit-log',
      {
        config: { access: 'admin' },
        schema: {
          querystring: adminAuditLogQuerySchema,
          response: { 200: adminAuditLogResponseSchema },
        },
      },
      async (request) => {
        const { page, pageSize } = request.query;
        const { rows, total } = await log.page(page, pageSize);
        return { entries: rows.map(toEntry), total, page, pageSize };
      },
    );
  };
}

function toEntry(row: AdminAuditLogRow): AdminAuditEntry {
  return {
    id: Number(row.id),
    occurredAt: row.occurredAt.toISOString(),
    actorUserId: row.actorUserId,
    actorLabel: row.actorLabel,
    action: row.action,
    target: row.target,
    changes: row.changes,
  };
}
