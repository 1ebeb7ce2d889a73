import { z } from 'zod';

/** One value before or after a change; a secret's is only ever "ingesteld" / "niet ingesteld". */
export const adminAuditValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type AdminAuditValue = z.infer<typeof adminAuditValueSchema>;

export const adminAuditChangeSchema = z.object({
  field: z.string().min(1).max(100),
  before: adminAuditValueSchema,
  after: adminAuditValueSchema,
});
export type AdminAuditChange = z.infer<typeof adminAuditChangeSchema>;

/**
 * The action codes of the audit log (stable: the panel names them in Dutch). A new admin route
 * adds its code here and a label in frontend/src/features/audit-log.
 */
export const ADMIN_AUDIT_ACTIONS = [
  'user.active',
  'user.role',
  'user.limits',
  'settings.registration',
  'settings.requests',
  'settings.broadcasting-mode',
  'settings.deezer-arl',
  'settings.station',
  'request.status',
  'playlist.move',
  'playlist.insert',
  'upload.status',
  'upload.library',
] as const;
export const adminAuditActionSchema = z.enum(ADMIN_AUDIT_ACTIONS);
export type AdminAuditAction = z.infer<typeof adminAuditActionSchema>;

/** The data of the record-admin-change job: an admin change that committed. */
export const adminChangeEventSchema = z.object({
  /** The change's own id: the job id and the row's unique key (a retry adds nothing). */
  eventId: z.uuid(),
  occurredAt: z.iso.datetime(),
  actorUserId: z.number().int().positive().nullable(),
  actorLabel: z.string().min(1).max(200),
  action: adminAuditActionSchema,
  target: z.string().max(500),
  changes: z.array(adminAuditChangeSchema).max(100),
});
export type AdminChangeEvent = z.infer<typeof adminChangeEventSchema>;

/** GET /api/admin/audit-log (admin): newest first. */
export const adminAuditLogQuerySchema = z.object({
  page: z.coerce.number().int().positive().max(100_000).default(1),
  pageSize: z.coerce.number().int().positive().max(100).default(25),
});
export type AdminAuditLogQuery = z.input<typeof adminAuditLogQuerySchema>;

export const adminAuditEntrySchema = z.object({
  id: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  actorUserId: z.number().int().positive().nullable(),
  actorLabel: z.string(),
  action: z.string(),
  target: z.string(),
  changes: z.array(adminAuditChangeSchema),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAuditLogResponseSchema = z.object({
  entries: z.array(adminAuditEntrySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type AdminAuditLogResponse = z.infer<typeof adminAuditLogResponseSchema>;
