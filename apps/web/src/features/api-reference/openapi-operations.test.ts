import { describe, expect, it } from 'vitest';
import { filterOperations, operationGroups } from './openapi-operations';

const PATHS = {
  '/usermgr/v1/token/': {
    post: { operationId: 'postUsermgrV1Token', summary: 'Sign in: a token', tags: ['usermgr'], 'x-access': 'public' },
    parameters: [],
  },
  '/knowledge/v1/workflows': {
    get: { operationId: 'getKnowledgeV1Workflows', summary: 'List workflows', tags: ['knowledge'], 'x-access': 'user: workflows:view' },
    post: { operationId: 'postKnowledgeV1Workflows', summary: 'Create a workflow', tags: ['knowledge'], 'x-access': 'user: workflows:add' },
  },
  '/api/health': { get: { operationId: 'getApiHealth' } },
};

describe('operationGroups', () => {
  it('lists every operation under its tag in the order of the document, with its summary and access', () => {
    const groups = operationGroups(PATHS);
    expect(groups.map((group) => [group.tag, group.operations.map((operation) => `${operation.method} ${operation.path}`)])).toEqual([
      ['usermgr', ['POST /usermgr/v1/token/']],
      ['knowledge', ['GET /knowledge/v1/workflows', 'POST /knowledge/v1/workflows']],
      ['other', ['GET /api/health']],
    ]);
    expect(groups[1]!.operations[1]).toEqual({
      method: 'POST',
      path: '/knowledge/v1/workflows',
      summary: 'Create a workflow',
      access: 'user: workflows:add',
      operationId: 'postKnowledgeV1Workflows',
    });
  });

  it('keeps the operations that hold every word searched, in any field, and drops empty groups', () => {
    const groups = operationGroups(PATHS);
    expect(filterOperations(groups, 'workflow CREATE').flatMap((group) => group.operations.map((operation) => operation.operationId))).toEqual([
      'postKnowledgeV1Workflows',
    ]);
    expect(filterOperations(groups, 'public').map((group) => group.tag)).toEqual(['usermgr']);
    expect(filterOperations(groups, '  ')).toBe(groups);
  });
});
