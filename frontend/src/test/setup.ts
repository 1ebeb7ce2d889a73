import '@testing-library/jest-dom/vitest';
import { format } from 'node:util';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

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
