import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch, sessionHandlers } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

describe('the 404 page', () => {
  it('marks its English text as English, so a screen reader pronounces it so', async () => {
    mockFetch(sessionHandlers(null));
    await renderApp('/bestaat-niet');

    const heading = await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' });
    expect(heading.closest('[lang]')?.getAttribute('lang')).toBe('en');
    const hint = screen.getByText('Did you forget to add the page to the router?');
    expect(hint.closest('[lang]')?.getAttribute('lang')).toBe('en');
  });
});
