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

  it('is nobody when the server fails or cannot be reached', async () => {
    mockFetch({ 'GET /api/auth/user': () => new Response('', { status: 502 }) });
    await expect(fetchAuthUser()).resolves.toBeNull();

    mockFetch({ 'GET /api/auth/user': () => Promise.reject(new TypeError('Failed to fetch')) });
    await expect(fetchAuthUser()).resolves.toBeNull();
  });
});
