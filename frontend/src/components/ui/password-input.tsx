import { useState, type ComponentProps } from 'react';
import { Eye, EyeOff } from 'lucide-react';
import { Input } from './input';
import { cn } from '@/lib/utils';

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'> & { id: string };

/** A password field with a button that shows or hides what was typed. */
function PasswordInput({ className, id, ...props }: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="relative">
      <Input
        id={id}
        type={visible ? 'text' : 'password'}
        className={cn('pr-28', className)}
        {...props}
      />
      <button
        type="button"
        aria-controls={id}
        onClick={() => setVisible((shown) => !shown)}
        className="absolute inset-y-1 right-1 inline-flex items-center gap-1.5 rounded-sm px-2.5 text-sm font-semibold text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <Icon aria-hidden="true" className="size-4" />
        {visible ? 'Verbergen' : 'Tonen'}
      </button>
    </div>
  );
}

export { PasswordInput };
