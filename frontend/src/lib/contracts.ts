import type * as ContractsModule from '@radio/contracts';

export type Contracts = typeof ContractsModule;

/**
 * The shared schemas, loaded on first use. They bring zod (about 24 KB gzip), which the first
 * download then leaves out: it loads alongside the first API answers instead of before them.
 */
export function loadContracts(): Promise<Contracts> {
  return import('@radio/contracts');
}
