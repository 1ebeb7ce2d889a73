import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import { MemoryRouter, useNavigate, type NavigateFunction } from 'react-router-dom';
import { useScrollRestoration } from './use-scroll-restoration';

let navigate: NavigateFunction;

function Page({ onNavigate }: { onNavigate: (navigate: NavigateFunction) => void }) {
  useScrollRestoration();
  const navigateTo = useNavigate();
  useEffect(() => onNavigate(navigateTo), [navigateTo, onNavigate]);
  return null;
}

function scrollBy(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('useScrollRestoration', () => {
  let scrollTo: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    sessionStorage.clear();
    scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    render(
      <MemoryRouter initialEntries={['/playlist']} useTransitions={false}>
        <Page
          onNavigate={(navigateTo) => {
            navigate = navigateTo;
          }}
        />
      </MemoryRouter>,
    );
  });

  afterEach(() => {
    scrollTo.mockRestore();
  });

  it('starts another page at the top, and Back returns to where the page was left', async () => {
    scrollBy(640);
    scrollTo.mockClear();

    await act(async () => navigate('/luisteren'));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);

    scrollBy(0);
    await act(async () => navigate(-1));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
  });

  it('keeps the position when only the query changes (the playlist day)', async () => {
    scrollBy(300);
    scrollTo.mockClear();

    await act(async () => navigate('/playlist?dag=2025-11-21', { replace: true }));

    expect(scrollTo).not.toHaveBeenCalled();
  });
});
