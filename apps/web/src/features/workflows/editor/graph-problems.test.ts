import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../app/api/http';
import { problemNodeIds, serverProblems } from './graph-problems';
import { PIPELINE } from './test-graph';

describe('graph problems', () => {
  it("reads a refused save's errors with pointers relative to the graph", () => {
    const error = new ApiError(400, 'Bad Request', {
      errors: [
        { status: '400', detail: 'The workflow has a cycle: a → b → a.', source: { pointer: '/data/attributes/graph/edges' } },
        { status: '400', detail: 'Node id "x" is used twice.', source: { pointer: '/data/attributes/graph/nodes/1/id' } },
      ],
    });
    expect(serverProblems(error)).toEqual([
      { pointer: '/graph/edges', message: 'The workflow has a cycle: a → b → a.' },
      { pointer: '/graph/nodes/1/id', message: 'Node id "x" is used twice.' },
    ]);
    expect(serverProblems(new ApiError(400, 'Bad Request', { detail: 'Archived.' }))).toEqual([{ pointer: '', message: 'Archived.' }]);
    expect(serverProblems(new ApiError(500, 'Oops', { errors: [{ detail: 'x' }] }))).toBeUndefined();
    expect(serverProblems(new Error('x'))).toBeUndefined();
  });

  it('finds the nodes a problem names, both ends of an edge', () => {
    expect([...problemNodeIds(PIPELINE, [{ pointer: '/graph/nodes/2/inputs/image', message: '' }])]).toEqual(['export']);
    expect([...problemNodeIds(PIPELINE, [{ pointer: '/graph/edges/0', message: '' }])]).toEqual(['load-scene', 'ndvi']);
    expect(
      problemNodeIds(PIPELINE, [
        { pointer: '/graph/edges', message: '' },
        { pointer: '/graph/nodes/9', message: '' },
      ]).size,
    ).toBe(0);
  });
});
