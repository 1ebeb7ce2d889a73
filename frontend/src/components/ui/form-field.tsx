import type { ReactNode } from 'react';
import { Label } from './label';
import { cn } from '@/lib/utils';

/** What a form control needs to be named by its label and described by its error. */
type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

type FormFieldProps = {
  id: string;
  label: string;
  error?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/** A label, its control and the control's validation error, wired together for assistive tech. */
function FormField({ id, label, error, className, children }: FormFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-invalid': error !== undefined,
        'aria-describedby': error === undefined ? undefined : errorId,
      })}
      {error !== undefined && (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

export { FormField };
