import { describe, expect, it } from 'vitest';
import { csvField, daysOfMonth, exportFileName } from '../../src/export/play-history-csv.ts';

describe('a CSV field', () => {
  it('stays as it is when nothing in it needs quoting', () => {
    expect(csvField('Doe Maar')).toBe('Doe Maar');
    expect(csvField('Björk – Jóga')).toBe('Björk – Jóga');
    expect(csvField('')).toBe('');
  });

  it('is quoted when it holds a comma, a quote or a line break, quotes doubled (RFC 4180)', () => {
    expect(csvField('Crosby, Stills & Nash')).toBe('"Crosby, Stills & Nash"');
    expect(csvField('Zeg "ja"')).toBe('"Zeg ""ja"""');
    expect(csvField('Live\nin Ahoy')).toBe('"Live\nin Ahoy"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('never starts with what a spreadsheet runs as a formula', () => {
    expect(csvField('=HYPERLINK("http://x.test","klik")')).toBe(
      '"\'=HYPERLINK(""http://x.test"",""klik"")"',
    );
    expect(csvField('+31 20 123')).toBe("'+31 20 123");
    expect(csvField('-1 Dag')).toBe("'-1 Dag");
    expect(csvField('@home')).toBe("'@home");
    expect(csvField('\tTab')).toBe("'\tTab");
    expect(csvField('\rCR')).toBe('"\'\rCR"');
    // Only at the start: a formula sign inside a title is harmless.
    expect(csvField('1+1=2')).toBe('1+1=2');
  });

  it('names the file after the month', () => {
    expect(exportFileName('2026-03')).toBe('speellijst-2026-03.csv');
  });
});

describe('the days of a month', () => {
  it('counts 28, 29, 30 and 31 days', () => {
    expect(daysOfMonth('2026-02')).toHaveLength(28);
    expect(daysOfMonth('2028-02').at(-1)).toBe('2028-02-29');
    expect(daysOfMonth('2026-04').at(-1)).toBe('2026-04-30');
    expect(daysOfMonth('2026-03')[0]).toBe('2026-03-01');
    expect(daysOfMonth('2026-03').at(-1)).toBe('2026-03-31');
  });
});
