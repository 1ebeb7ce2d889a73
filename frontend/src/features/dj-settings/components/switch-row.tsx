import { useId } from 'react';
import type { LucideIcon } from 'lucide-react';

/** One station switch: its title, what it does, and the switch named and described by them. */
export function SwitchRow({
  icon: Icon,
  title,
  explanation,
  checked,
  disabled,
  onChange,
}: {
  icon: LucideIcon;
  title: string;
  explanation: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-4">
      <div className="flex gap-3">
        <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div>
          <label htmlFor={id} className="font-semibold">
            {title}
          </label>
          <p id={`${id}-explanation`} className="text-sm text-muted-foreground">
            {explanation}
          </p>
        </div>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-describedby={`${id}-explanation`}
        className="mt-1 size-6 shrink-0 cursor-pointer accent-primary disabled:cursor-wait"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
    </div>
  );
}
