import { describe, expect, it } from 'vitest';
import { highlightLine, highlightYaml } from './yaml-highlight';

const kinds = (line: string) => highlightLine(line).map((token) => [token.text, token.kind ?? '']);

describe('highlightLine', () => {
  it('marks keys (namespaced too), strings, numbers and comments; a # inside quotes is no comment', () => {
    expect(kinds('  s:softwareVersion: 1.4 # current')).toEqual([
      ['  ', ''],
      ['s:softwareVersion:', 'key'],
      [' ', ''],
      ['1.4', 'number'],
      [' ', ''],
      ['# current', 'comment'],
    ]);
    expect(kinds("    default: 'a#b'")).toContainEqual(["'a#b'", 'string']);
    expect(kinds('  - http://schema.org/version/9.0/x.rdf').map(([, kind]) => kind)).not.toContain('number');
    expect(kinds('cwlVersion: v1.2')).toEqual([
      ['cwlVersion:', 'key'],
      [' v1.2', ''],
    ]);
  });

  it('reads JSON keys', () => {
    expect(kinds('{"class": "Workflow"}')).toContainEqual(['"class":', 'key']);
  });
});

describe('highlightYaml', () => {
  it('a block scalar is one string, whatever its lines hold', () => {
    const lines = highlightYaml('doc: |\n  Note: a\n  b # c\nid: x');
    expect(lines[1]).toEqual([{ text: '  Note: a', kind: 'string' }]);
    expect(lines[2]).toEqual([{ text: '  b # c', kind: 'string' }]);
    expect(lines[3]?.[0]).toEqual({ text: 'id:', kind: 'key' });
  });
});
