import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library unmounts after each test by itself only when the test API is global.
afterEach(cleanup);

// jsdom has no scrolling; the router's scroll restoration calls it on every navigation.
window.scrollTo = () => {};
