import { describe, expect, it } from 'vitest';
import { tabFromParam } from './cloud-upload-display';

describe('cloud upload display', () => {
  it('opens the waiting uploads unless the address names another tab', () => {
    expect(tabFromParam(null)).toBe('pending');
    expect(tabFromParam('downloaded')).toBe('downloaded');
    expect(tabFromParam('all')).toBe('all');
    expect(tabFromParam('nonsense')).toBe('pending');
  });
});
