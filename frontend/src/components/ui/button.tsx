import { cloneElement, isValidElement, type ComponentProps, type Ref } from 'react';
import { cva, type VariantProps } from 'class-variance-authority';
import { cn } from '@/lib/utils';

const buttonVariants = cva(
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md text-sm font-semibold whitespace-nowrap transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none disabled:pointer-events-none disabled:opacity-60 [&_svg]:pointer-events-none [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
        destructive: 'bg-destructive text-destructive-foreground shadow-sm hover:bg-destructive/90',
        outline:
          'border border-input bg-card shadow-sm hover:bg-accent hover:text-accent-foreground',
        secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/70',
        ghost: 'hover:bg-accent hover:text-accent-foreground',
        link: 'text-primary underline-offset-4 hover:underline',
      },
      size: {
        default: 'h-10 px-4 py-2',
        sm: 'h-9 px-3',
        lg: 'h-11 px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
);

type Handler = (...args: unknown[]) => unknown;

function setRef<T>(ref: Ref<T> | undefined, node: T | null) {
  if (typeof ref === 'function') ref(node);
  else if (ref) ref.current = node;
}

/**
 * The single child element with the button's props merged in, by Radix Slot's rules: the
 * child's props win, but both handlers run (the child's first), styles and class names are
 * joined and both refs are set. Radix's Slot (with Slottable and lazy children, which the app
 * does not use) was a kilobyte of every page's first JavaScript.
 */
function Slot({ children, ...slotProps }: ComponentProps<'button'>) {
  if (!isValidElement<Record<string, unknown>>(children))
    throw new Error('Button asChild needs a single element child');
  const merged: Record<string, unknown> = { ...slotProps };
  for (const [name, child] of Object.entries(children.props)) {
    const slot = merged[name];
    if (/^on[A-Z]/.test(name)) {
      merged[name] =
        slot && child
          ? (...args: unknown[]) => {
              const result = (child as Handler)(...args);
              (slot as Handler)(...args);
              return result;
            }
          : (slot ?? child);
    } else if (name === 'style') {
      merged.style = { ...(slot as object), ...(child as object) };
    } else if (name === 'className') {
      merged.className = [slot, child].filter(Boolean).join(' ');
    } else if (name === 'ref' && slot && child) {
      merged.ref = (node: unknown) => {
        setRef(slot as Ref<unknown>, node);
        setRef(child as Ref<unknown>, node);
      };
    } else {
      merged[name] = child;
    }
  }
  return cloneElement(children, merged);
}

type ButtonProps = ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /** Render the single child (a link, say) with the button's look instead of a <button>. */
    asChild?: boolean;
  };

function Button({ className, variant, size, asChild = false, ...props }: ButtonProps) {
  const Component = asChild ? Slot : 'button';
  return <Component className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}

export { Button, buttonVariants };
