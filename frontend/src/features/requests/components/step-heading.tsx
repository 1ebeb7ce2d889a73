import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A step's heading. Steps 2 and 3 take the focus when they open, and step 1 when the listener
 * comes back to it, so keyboard and screen-reader users land on the new step.
 */
export function StepHeading({
  step,
  takeFocus = step > 1,
  children,
}: {
  step: number;
  takeFocus?: boolean;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (takeFocus) heading.current?.focus();
  }, [takeFocus]);
  return (
    <h2
      ref={heading}
      tabIndex={-1}
      className="flex items-center gap-3 text-xl font-bold focus-visible:outline-none"
    >
      <span
        aria-hidden="true"
        className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm text-primary-foreground"
      >
        {step}
      </span>
      <span>
        <span className="sr-only">Stap {step} van 3: </span>
        {children}
      </span>
    </h2>
  );
}
