import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminAuditLogResponse } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';

export const AUDIT_LOG_PAGE_SIZE = 25;

export const auditLogQueryKey = (page: number) => ['admin', 'audit-log', page] as const;

export const fetchAuditLog = (page: number): Promise<AdminAuditLogResponse> =>
  apiJson<AdminAuditLogResponse>(
    'GET',
    `/api/admin/audit-log?${new URLSearchParams({ page: String(page), pageSize: String(AUDIT_LOG_PAGE_SIZE) })}`,
  );

export const auditLogQueryOptions = (page: number) =>
  queryOptions({
    queryKey: auditLogQueryKey(page),
    queryFn: () => fetchAuditLog(page),
    // Changes are made in the other tabs: read again each time the tab opens.
    staleTime: 0,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });

/** One page of the admin changes, newest first. */
export function useAuditLog(page: number) {
  return useQuery(auditLogQueryOptions(page));
}
