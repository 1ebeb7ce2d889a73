import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminRequest, RequestStatusValue } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';

export const adminRequestsQueryKey = ['admin', 'requests'] as const;

export type AdminRequestsFilter = {
  status?: RequestStatusValue;
  page: number;
  pageSize: number;
};

export type AdminRequestsPage = {
  data: AdminRequest[];
  total: number;
  page: number;
  pageSize: number;
};

/** GET /api/requests (spec section 7, admin): newest first, one page, optionally one status. */
export function fetchAdminRequests({ status, page, pageSize }: AdminRequestsFilter) {
  const params = new URLSearchParams();
  if (status) params.set('status', status);
  params.set('page', String(page));
  params.set('pageSize', String(pageSize));
  return apiJson<AdminRequestsPage>('GET', `/api/requests?${params.toString()}`);
}

/** One page of requests; the previous page stays on screen while the next one loads. */
export function useAdminRequests(filter: AdminRequestsFilter) {
  return useQuery({
    queryKey: [...adminRequestsQueryKey, filter],
    queryFn: () => fetchAdminRequests(filter),
    placeholderData: keepPreviousData,
  });
}
