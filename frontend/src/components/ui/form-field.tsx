import type { ReactNode } from 'react';
import { Badge, type BadgeProps } from './badge';
import { Label } from './label';
import { cn } from '@/lib/utils';

/** What a form control needs to be named by its label and described by its status, error and hint. */
type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

type FormFieldProps = {
  id: string;
  label: string;
  /** A short word beside the label (say "ingesteld" for a write-only key); it describes the control first. */
  status?: { text: string; variant: BadgeProps['variant'] };
  error?: string | undefined;
  /** A line under the control; it describes the control after the error. */
  hint?: ReactNode;
  hintClassName?: string;
  /** Invalid without an error of its own (say a form-wide one); default: when `error` is given. */
  invalid?: boolean;
  /** More ids that describe the control, after its own (say a form-wide error). */
  describedBy?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * A label, its control, a hint and the control's validation error, wired together for assistive
 * tech: the control is named by the label and described by the status, the error and the hint
 * (ids `${id}-status`, `${id}-error`, `${id}-hint`).
 */
function FormField({
  id,
  label,
  status,
  error,
  hint,
  hintClassName,
  invalid,
  describedBy,
  className,
  children,
}: FormFieldProps) {
  const statusId = `${id}-status`;
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const described = [
    status && statusId,
    error !== undefined && errorId,
    hint !== undefined && hintId,
    describedBy,
  ].filter(Boolean);
  const labelElement = <Label htmlFor={id}>{label}</Label>;
  return (
    <div className={cn('grid gap-2', className)}>
      {status ? (
        <div className="flex flex-wrap items-center gap-2">
          {labelElement}
          <Badge id={statusId} variant={status.variant}>
            {status.text}
          </Badge>
        </div>
      ) : (
        labelElement
      )}
      {children({
        id,
        'aria-invalid': invalid ?? error !== undefined,
        'aria-describedby': described.length > 0 ? described.join(' ') : undefined,
      })}
      {hint !== undefined && (
        <span id={hintId} className={cn('text-xs text-muted-foreground', hintClassName)}>
          {hint}
        </span>
      )}
      {error !== undefined && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

export { FormField };
