import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CWL_LIMITS, CwlRefused, describeCwl } from './cwl-describe.js';
import { testdata } from '../../../test/helpers/testdata.js';

const TESTDATA = testdata('cwl');
const cwlFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cwlFiles(full);
    return entry.name.endsWith('.cwl') ? [full] : [];
  });
const read = (relative: string) => fs.readFileSync(path.join(TESTDATA, relative), 'utf8');

/** The kind of a refusal, for the counts (docs/applications.md "Upload and describe"). */
function reasonOf(message: string): string {
  if (message.startsWith('The document imports another file')) return 'imports another file';
  if (message.startsWith('The file is not CWL')) return 'not CWL';
  if (/has no id/.test(message)) return 'missing id';
  if (/no Workflow, CommandLineTool or ExpressionTool/.test(message)) return 'nothing to run';
  return message;
}

describe('describeCwl', () => {
  it('describes or refuses with a reason every CWL file of the shared test data', async () => {
    const files = cwlFiles(TESTDATA).sort();
    expect(files.length).toBeGreaterThan(300);
    const refused = new Map<string, number>();
    let described = 0;
    for (const file of files) {
      try {
        const description = await describeCwl(fs.readFileSync(file, 'utf8'), { fileName: path.basename(file) });
        expect(description.identifier).not.toBe('');
        for (const input of description.inputs) expect(input.typeLabel).not.toBe('');
        described += 1;
      } catch (error) {
        expect(error, file).toBeInstanceOf(CwlRefused);
        const reason = reasonOf((error as Error).message);
        refused.set(reason, (refused.get(reason) ?? 0) + 1);
      }
    }
    // the figures docs/applications.md records
    console.info(`CWL files: ${files.length}; described ${described}; refused ${[...refused].map(([reason, n]) => `${n} (${reason})`).join(', ')}`);
    expect(described + [...refused.values()].reduce((a, b) => a + b, 0)).toBe(files.length);
    expect([...refused.keys()]).toEqual(['imports another file']);
  });

  it('picks the Workflow no step runs in a $graph and reads its inputs (water-bodies)', async () => {
    const description = await describeCwl(read('eoap-water-bodies/cwl-workflow/app-water-bodies-cloud-native.cwl'));
    expect(description.identifier).toBe('water-bodies');
    expect(description.processClass).toBe('Workflow');
    expect(description.softwareVersion).toBe('1.4.1');
    const inputs = Object.fromEntries(description.inputs.map((input) => [input.id, input]));
    expect(Object.keys(inputs)).toEqual(['aoi', 'epsg', 'stac_items', 'bands']);
    expect(inputs.stac_items).toMatchObject({ type: { type: 'array', items: { type: 'string' } }, typeLabel: 'string[]', optional: false });
    expect(inputs.aoi).toMatchObject({ label: 'area of interest', doc: 'area of interest as a bounding box', default: null, typeLabel: 'string' });
    expect(inputs.epsg!.default).toBe('EPSG:4326');
    expect(inputs.bands!.default).toEqual(['green', 'nir']);
    expect(description.outputs).toEqual([{ id: 'stac_catalog', label: 'stac_catalog', doc: '', type: { type: 'Directory' }, typeLabel: 'Directory' }]);
    expect(description.hints).toEqual(['DockerRequirement']);
  });

  it('reads the snuggs package: its s: metadata and its Workflow', async () => {
    const description = await describeCwl(read('eoepca-snuggs/app-package.cwl'));
    expect(description).toMatchObject({ identifier: 'snuggs', softwareVersion: '0.3.0', cwlVersion: 'v1.0', label: 's expressions', title: 's expressions' });
    expect(description.inputs.map((input) => [input.id, input.typeLabel])).toEqual([
      ['input_reference', 'string[]'],
      ['s_expression', 'string[]'],
    ]);
    expect(description.outputs[0]).toMatchObject({ id: 'wf_outputs', typeLabel: 'Directory[]' });
  });

  it('reads schema.org authors, keywords and URLs in their object and list forms', async () => {
    const text = `
cwlVersion: v1.2
$namespaces: {s: https://schema.org/}
s:author:
  - class: s:Person
    s:name: Jane Doe
    s:affiliation: ACME
    s:email: jane@example.org
  - John Roe
s:keywords: "water; NDWI, Sentinel-2"
s:license: https://spdx.org/licenses/MIT
s:releaseNotes: https://example.org/notes
s:logo: {s:url: https://example.org/logo.png}
s:dateCreated: 2024-05-01
s:softwareVersion: 2
$graph:
  - class: Workflow
    id: "#main"
    label: Main
    doc: [line one, line two]
    requirements:
      SchemaDefRequirement:
        types:
          - {name: "#Options", type: record, fields: {level: {type: [null, {type: enum, symbols: ["#Options/level/low", high]}]}, size: int}}
    inputs:
      - {id: "#main/options", type: "#Options"}
      - {id: "#main/mode", type: {type: enum, symbols: [a, b], name: Mode}}
      - {id: "#main/files", type: {type: array, items: [null, File]}}
      - {id: "#main/maybe", type: "int?"}
      - {id: "#main/either", type: [string, int]}
      - {id: "#main/nested", type: "Directory[][]?"}
    outputs: {result: {type: File, outputSource: step/out}}
    steps: {step: {run: "#tool", in: {}, out: [out]}}
  - {class: CommandLineTool, id: tool, inputs: [], outputs: {out: stdout}, baseCommand: echo}
`;
    const description = await describeCwl(text);
    expect(description.identifier).toBe('main');
    expect(description.doc).toBe('line one\nline two');
    expect(description.author).toEqual([
      { 's:name': 'Jane Doe', 's:affiliation': 'ACME', 's:email': 'jane@example.org' },
      { 's:name': 'John Roe', 's:affiliation': '', 's:email': '' },
    ]);
    expect(description.keywords).toEqual(['water', 'NDWI', 'Sentinel-2']);
    expect(description).toMatchObject({
      license: 'https://spdx.org/licenses/MIT',
      releaseNotes: 'https://example.org/notes',
      logo: 'https://example.org/logo.png',
      dateCreated: '2024-05-01',
      softwareVersion: '2',
    });
    expect(description.inputs.map((input) => input.typeLabel)).toEqual(['record Options', 'enum (a|b)', '(File?)[]', 'int?', 'string | int', 'Directory[][]?']);
    expect(description.inputs[0]!.type).toEqual({
      type: 'record',
      name: 'Options',
      fields: [
        { name: 'level', type: { type: 'enum', symbols: ['low', 'high'] }, optional: true },
        { name: 'size', type: { type: 'int' }, optional: false },
      ],
    });
  });

  it.each([
    ['', 'The file is not CWL: it is empty.'],
    ['key: [unclosed', 'The file is not CWL: it is neither YAML nor JSON'],
    ['- a list', 'The file is not CWL: it is not a YAML or JSON mapping'],
    ['{"class": "CommandLineTool", "inputs": []}', 'The file is not CWL: it has no cwlVersion.'],
    ['cwlVersion: v1.2\ninputs: []', 'The file is not CWL: it has no class'],
    ['cwlVersion: v1.2\nclass: Operation\nid: op\ninputs: []\noutputs: []', 'holds no Workflow, CommandLineTool or ExpressionTool to run (it is an Operation'],
    ['cwlVersion: v1.2\nclass: CommandLineTool\ninputs: []\noutputs: []', 'The CommandLineTool has no id'],
    ['cwlVersion: draft-3\nclass: CommandLineTool\nid: x\ninputs: []\noutputs: []', 'CWL draft-3 is not supported'],
    ['cwlVersion: v1.2\nclass: Workflow\nid: w\ninputs: []\noutputs: []\nsteps: {s: {run: other.cwl, in: {}, out: []}}', 'imports another file (other.cwl)'],
    ['cwlVersion: v1.2\nclass: CommandLineTool\nid: t\ninputs: {a: Unknown}\noutputs: []', 'The type "Unknown" of input "a" is not defined'],
    ['cwlVersion: v1.2\nclass: CommandLineTool\nid: "a b"\ninputs: []\noutputs: []', 'cannot name an application'],
    [
      'a: &a [1]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c, *c]',
      'The file is not CWL',
    ],
    [
      'cwlVersion: v1.2\nclass: CommandLineTool\nid: t\ninputs: {a: {type: File, default: {$include: /etc/passwd}}}\noutputs: []',
      'imports another file ($include: /etc/passwd)',
    ],
    [
      'cwlVersion: v1.2\nclass: CommandLineTool\nid: t\ninputs: {a: {type: string, default: [{x: {$import: ../x.yml}}]}}\noutputs: []',
      'imports another file ($import: ../x.yml)',
    ],
  ])('refuses %j with a reason', async (text, reason) => {
    await expect(describeCwl(text)).rejects.toThrow(CwlRefused);
    await expect(describeCwl(text)).rejects.toThrow(reason);
  });

  it('refuses a document past its limits, naming the limit, before describing it', async () => {
    const tool = 'cwlVersion: v1.2\nclass: CommandLineTool\nid: t\noutputs: []\ninputs: {a: {type: Any, default: ';
    await expect(describeCwl(`${tool}${'['.repeat(65)}${']'.repeat(65)}}}`)).rejects.toThrow('The document nests deeper than 64 levels.');
    await expect(describeCwl(`${tool}${'['.repeat(60)}${']'.repeat(60)}}}`)).resolves.toMatchObject({ identifier: 't' });
    const values = Array.from({ length: CWL_LIMITS.maxValues }, (_, index) => index).join(',');
    await expect(describeCwl(`${tool}[${values}]}}`)).rejects.toThrow('The document holds more than 10,000 values.');
  });

  it('names a single process without an id after its file; a $graph still needs ids', async () => {
    expect((await describeCwl('cwlVersion: v1.2\nclass: CommandLineTool\ninputs: []\noutputs: []', { fileName: 'echo-tool.cwl' })).identifier).toBe(
      'echo-tool',
    );
    await expect(describeCwl('cwlVersion: v1.2\n$graph: [{class: CommandLineTool, inputs: [], outputs: []}]', { fileName: 'x.cwl' })).rejects.toThrow(
      'has no id',
    );
  });
});
