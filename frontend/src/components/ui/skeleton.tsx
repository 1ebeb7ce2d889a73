import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

const SKELETON = 'animate-pulse rounded-md bg-muted';

/** A placeholder block while content loads. */
function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cn(SKELETON, className)} {...props} />;
}

/**
 * A placeholder inside a line of text (in a <p>, a heading, a link): a <span> shown as an inline
 * block, which HTML allows there, where a <div> would make the browser break the paragraph up.
 */
function InlineSkeleton({ className, ...props }: ComponentProps<'span'>) {
  return <span aria-hidden="true" className={cn(SKELETON, 'inline-block', className)} {...props} />;
}

export { InlineSkeleton, Skeleton };
