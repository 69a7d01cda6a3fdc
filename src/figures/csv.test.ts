import { describe, expect, it } from 'vitest';
import { csvNumber, csvText } from './csv.ts';
import { tableCsv, type TableModel } from './tableModel.ts';

describe('spreadsheet-safe CSV (OWASP CSV injection rule)', () => {
  it.each([
    ['=HYPERLINK("http://evil","x")', `"'=HYPERLINK(""http://evil"",""x"")"`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    ['Model, v2', '"Model, v2"'],
    ['plain', 'plain'],
  ])('text %j is written as %j', (text, expected) => {
    expect(csvText(text)).toBe(expected);
  });

  it('numbers stay numbers, negative ones included', () => {
    expect(csvNumber(-1.5)).toBe('-1.5');
    expect(csvNumber(null)).toBe('');
  });

  it("a table whose recommender is named like a formula exports it as text (the Tables tab's CSV)", () => {
    const cell = { text: '−0.5', spread: null, value: -0.5, std: null, wrong: false };
    const model = {
      id: 't',
      title: 'T',
      groupHeading: '',
      rowHeading: 'Recommender',
      columns: [{ label: 'AP' }],
      groups: [{ label: '', rows: [{ label: '=HYPERLINK("http://evil","x")', cells: [cell] }] }],
    } as unknown as TableModel;
    const lines = tableCsv(model).split('\n');
    expect(lines[0]).toBe('Recommender,AP');
    expect(lines[1]).toBe(`"'=HYPERLINK(""http://evil"",""x"")",-0.5`);
  });
});
