import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { cwlWithoutRequiredContainers } from './cwl-local.js';

describe('cwlWithoutRequiredContainers', () => {
  it('moves a DockerRequirement of requirements (map or list form, in a $graph) into hints', () => {
    const text = `cwlVersion: v1.2
$graph:
  - class: Workflow
    id: main
    requirements: [{class: DockerRequirement, dockerPull: a}, {class: ScatterFeatureRequirement}]
    inputs: []
    outputs: []
    steps: []
  - class: CommandLineTool
    id: tool
    requirements:
      DockerRequirement:
        dockerPull: b
      ResourceRequirement: {coresMax: 1}
    hints:
      NetworkAccess: {networkAccess: true}
    baseCommand: echo
    inputs: []
    outputs: []
`;
    const moved = parse(cwlWithoutRequiredContainers(text)!) as { $graph: Record<string, unknown>[] };
    expect(moved.$graph[0]!.requirements).toEqual([{ class: 'ScatterFeatureRequirement' }]);
    expect(moved.$graph[0]!.hints).toEqual([{ class: 'DockerRequirement', dockerPull: 'a' }]);
    expect(moved.$graph[1]!.requirements).toEqual({ ResourceRequirement: { coresMax: 1 } });
    expect(moved.$graph[1]!.hints).toEqual({ NetworkAccess: { networkAccess: true }, DockerRequirement: { dockerPull: 'b' } });
  });

  it('answers undefined when nothing has to move, or the text is not YAML', () => {
    expect(cwlWithoutRequiredContainers('class: CommandLineTool\nhints:\n  DockerRequirement: {dockerPull: a}\nbaseCommand: echo\n')).toBeUndefined();
    expect(cwlWithoutRequiredContainers('a: [')).toBeUndefined();
  });
});
