import { useMutation } from '@tanstack/react-query';
import type { SourceTestResult, TestSourceBody } from '@radio/contracts';
import { apiJson } from '@/lib/api-client';
import type { MutationConfig } from '@/lib/react-query';

/** Asks a source for now playing without saving anything; the answer says what it plays or what failed. */
export function testStationSource(body: TestSourceBody): Promise<SourceTestResult> {
  return apiJson<SourceTestResult>('POST', '/api/admin/settings/test-source', body);
}

export function useTestStationSource({
  mutationConfig,
}: { mutationConfig?: MutationConfig<typeof testStationSource> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: testStationSource });
}
