import { describe, expect, it } from 'vitest';
import { greeting } from './greeting';

describe('greeting', () => {
  it('fills in the name', () => {
    expect(greeting('Hallo {name}, je bent succesvol ingelogd.', ' Anna ')).toBe(
      'Hallo Anna, je bent succesvol ingelogd.',
    );
  });

  it('drops the greeting for a user without a name', () => {
    expect(greeting('Welkom {name}, je account is succesvol aangemaakt.', '')).toBe(
      'Je account is succesvol aangemaakt.',
    );
  });
});
