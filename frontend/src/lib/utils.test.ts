import { describe, expect, it } from 'vitest';
import { cn } from './utils';

describe('cn', () => {
  it('keeps the later of two utilities that set the same thing, with the same variants', () => {
    expect(cn('size-4 animate-spin', 'size-8')).toBe('animate-spin size-8');
    expect(cn('bg-muted hover:bg-accent', 'bg-white/15')).toBe('hover:bg-accent bg-white/15');
    expect(cn('inline-flex items-center', 'hidden')).toBe('items-center hidden');
  });

  it('tells a font size from a text colour, and a border width from its colour', () => {
    expect(cn('text-sm text-foreground leading-none', 'text-base')).toBe(
      'text-foreground text-base',
    );
    expect(cn('border border-input', 'border-transparent')).toBe('border border-transparent');
    expect(cn('text-xs', 'text-[0.6875rem]')).toBe('text-[0.6875rem]');
  });

  it('lets a side refine a shorthand, and a later shorthand replace a side', () => {
    expect(cn('p-6', 'pt-0')).toBe('p-6 pt-0');
    expect(cn('pt-0', 'p-6')).toBe('p-6');
    expect(cn('size-10', '-my-2 -mr-2 size-8')).toBe('-my-2 -mr-2 size-8');
  });

  it('reads variants with colons inside brackets as one variant', () => {
    expect(cn('has-[input:focus-visible]:ring-2', 'has-[input:focus-visible]:ring-4')).toBe(
      'has-[input:focus-visible]:ring-4',
    );
    expect(cn('data-[state=active]:bg-card sm:grow-0', 'grow')).toBe(
      'data-[state=active]:bg-card sm:grow-0 grow',
    );
  });

  it('joins conditional classes as clsx does', () => {
    expect(cn('a', false, undefined, { b: true, c: false }, ['d'])).toBe('a b d');
  });
});
