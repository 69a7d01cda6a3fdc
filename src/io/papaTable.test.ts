import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catchFileError } from './fileError.ts';
import { openPapaTable, papaRows, plainRows } from './papaTable.ts';
import { openTable, type TableReader, type TableRow } from './table.ts';

function read(open: (text: string, file: string) => TableReader, text: string) {
  return catchFileError(() => {
    const table = open(text, 'f.csv');
    const rows: unknown[] = [];
    table.forEachRow((row) => rows.push(row));
    return { header: table.header, headerLine: table.headerLine, delimiter: table.delimiter, rows };
  });
}

describe('openPapaTable (Papa Parse) reads tables as openTable does', () => {
  it('on the cases of the hand-written reader: quotes, CRLF, BOM, comments, blank lines, tabs', () => {
    for (const text of [
      '\ufeff# comment\r\nRecommender ,"rank"\r\n\r\n"A, the first","1"\r\n"say ""hi""",2\r\n',
      'rank\trecommender\n3\tA,B\n',
      'rank,Rank\n1,2\n',
      'recommender,rank\nA,1\nA,2,3\n',
      '',
      '\n# only a comment\n',
    ]) {
      expect(read(openPapaTable, text)).toEqual(read(openTable, text));
    }
  });

  it('on any table of simple cells, quoted or not, with any line endings (property)', () => {
    const cell = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9 .]{0,6}$/),
      fc.stringMatching(/^[A-Za-z0-9 ,]{0,6}$/).map((s) => `"${s}"`),
    );
    const table = fc
      .integer({ min: 1, max: 4 })
      .chain((width) =>
        fc.tuple(
          fc.array(fc.array(cell, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 6 }),
          fc.constantFrom('\n', '\r\n'),
          fc.array(fc.constantFrom('', '# note'), { maxLength: 2 }),
        ),
      );
    fc.assert(
      fc.property(table, ([rows, eol, extra]) => {
        const header = rows[0].map((_, i) => `c${i}`).join(',');
        const text = [header, ...extra, ...rows.map((r) => r.join(','))].join(eol);
        expect(read(openPapaTable, text)).toEqual(read(openTable, text));
      }),
    );
  });

  it('keeps a quote after leading spaces in the cell, as RFC 4180 does (the hand-written reader unquotes it)', () => {
    const parsed = read(openPapaTable, 'a, "b"\n1,2\n');
    expect(parsed.ok && parsed.value.header).toEqual(['a', '"b"']);
  });

  it('also reads a quoted field that spans lines, which the hand-written reader refuses', () => {
    const parsed = read(openPapaTable, 'recommender,rank\n"two\nlines",3\nB,4\n');
    expect(parsed.ok && parsed.value.rows).toEqual([
      { line: 2, cells: ['two\nlines', '3'] },
      { line: 4, cells: ['B', '4'] },
    ]);
  });
});

describe('plainRows (texts without quotes or carriage returns)', () => {
  const rows = (split: typeof plainRows, text: string) => {
    const out: TableRow[] = [];
    split(text, ',', (row) => {
      out.push(row);
      return true;
    });
    return out;
  };
  const papa = (text: string, delimiter: string, visit: (row: TableRow) => boolean) =>
    papaRows(text, 'f.csv', delimiter, visit);

  it('splits as Papa Parse does: comments, blank and indented lines, empty cells, no final newline', () => {
    for (const text of [
      'recommender,rank\nA,1\n',
      '# c\n\nrecommender , rank\n  \n\t# indented comment\nA,1\n,\n x , 2 \n',
      'recommender,rank\nA,1',
      'recommender,rank\nA,1\n  # last',
      'recommender,rank\nA,1\n  # last\n',
      '\n\n',
      '',
      'a\u00a0,b\n\u00a0\n',
    ]) {
      expect(rows(plainRows, text)).toEqual(rows(papa, text));
    }
  });

  it('on any such text (property)', () => {
    const line = fc.stringMatching(/^[ \t#A-Za-z0-9,]{0,8}$/);
    fc.assert(
      fc.property(fc.array(line, { maxLength: 8 }), fc.boolean(), (lines, finalNewline) => {
        const text = lines.join('\n') + (finalNewline ? '\n' : '');
        expect(rows(plainRows, text)).toEqual(rows(papa, text));
      }),
      { numRuns: 1000 },
    );
  });
});
