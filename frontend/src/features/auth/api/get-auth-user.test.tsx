import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { errorResponse, jsonResponse, mockFetch, testUser } from '@/test/fetch-mock';
import { fetchAuthUser, useAuthUser } from './get-auth-user';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>;
}

describe('the logged-in user', () => {
  it('is the user the server answers', async () => {
    const user = testUser();
    mockFetch({ 'GET /api/auth/user': () => jsonResponse(user) });

    await expect(fetchAuthUser()).resolves.toEqual(user);
  });

  it('is nobody on a 401, asked once without retrying', async () => {
    const fetchMock = mockFetch({
      'GET /api/auth/user': () => errorResponse(401, 'Niet ingelogd', 'UNAUTHENTICATED'),
    });

    const { result } = renderHook(() => useAuthUser(), { wrapper });

    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('is not "nobody" when the server fails or cannot be reached: the failure is thrown', async () => {
    mockFetch({
      'GET /api/auth/user': () => errorResponse(503, 'Even niet bereikbaar', 'UNAVAILABLE'),
    });
    await expect(fetchAuthUser()).rejects.toThrow(/503/);

    mockFetch({ 'GET /api/auth/user': () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(fetchAuthUser()).rejects.toThrow('Failed to fetch');
  });

  it('asks once when the server fails (no retry), and keeps a user already known', async () => {
    const user = testUser();
    let outage = true;
    const fetchMock = mockFetch({
      'GET /api/auth/user': () =>
        outage ? errorResponse(503, 'Even niet bereikbaar', 'UNAVAILABLE') : jsonResponse(user),
    });
    const { result } = renderHook(() => useAuthUser(), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.data).toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    outage = false;
    await result.current.refetch();
    await waitFor(() => expect(result.current.data).toEqual(user));
    outage = true;
    await result.current.refetch();
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(result.current.data).toEqual(user);
  });
});
