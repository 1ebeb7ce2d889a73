import type { AdminAuditEntry } from '@radio/contracts';
import { fieldLabel, valueLabel } from './audit-log-labels';

/** What an audit entry changed, field by field (before → after). */
export function AuditChanges({ entry }: { entry: AdminAuditEntry }) {
  if (entry.changes.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul className="grid gap-0.5">
      {entry.changes.map((change) => (
        <li key={change.field}>
          <span className="text-muted-foreground">{fieldLabel(change.field)}: </span>
          {valueLabel(change.before)} → {valueLabel(change.after)}
        </li>
      ))}
    </ul>
  );
}
