import '@testing-library/jest-dom/vitest';
import { format } from 'node:util';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import type * as Utils from '@/lib/utils';

// findBy*/waitFor wait for a condition; their bound (1 s by default) is only a safety net, and a
// render on a busy two-core machine can take longer than that without anything being wrong.
configure({ asyncUtilTimeout: 5_000 });

// Testing Library unmounts after each test by itself only when the test API is global.
afterEach(cleanup);

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => {};

/**
 * React's warnings about markup HTML does not allow (validateDOMNesting): "<div> cannot be a
 * descendant of <p>", "<p> cannot contain a nested <div>", "<tr> cannot be a child of <table>".
 * A browser repairs such markup by moving nodes, so the page is not what the code says: the test
 * that renders it fails.
 */
const DOM_NESTING = /cannot be a (?:child|descendant) of|cannot contain a nested/;
const nestingErrors: string[] = [];
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  const message = format(...args);
  if (DOM_NESTING.test(message)) nestingErrors.push(message);
  consoleError(...args);
};
afterEach(() => {
  const found = nestingErrors.splice(0);
  if (found.length > 0) throw new Error(`Invalid HTML nesting:\n${found.join('\n\n')}`);
});

/**
 * cn() (src/lib/utils.ts) resolves class conflicts for the utilities the components combine,
 * without tailwind-merge in the bundle. Every render of these tests checks it against
 * tailwind-merge: a class combination it does not know fails the test that renders it.
 */
vi.mock('@/lib/utils', async (importOriginal) => {
  const actual = await importOriginal<typeof Utils>();
  const [{ twMerge }, { clsx }] = await Promise.all([import('tailwind-merge'), import('clsx')]);
  const classSet = (classes: string) => [...new Set(classes.split(' ').filter(Boolean))].sort();
  return {
    ...actual,
    cn: (...inputs: Parameters<typeof actual.cn>) => {
      const ours = actual.cn(...inputs);
      const expected = twMerge(clsx(inputs));
      if (classSet(ours).join(' ') !== classSet(expected).join(' '))
        throw new Error(
          `cn(${JSON.stringify(clsx(inputs))}) gave "${ours}", tailwind-merge "${expected}"`,
        );
      return ours;
    },
  };
});
