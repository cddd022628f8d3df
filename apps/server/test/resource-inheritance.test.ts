import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noteComments, mountNotesWithComments } from './helpers/note-comments.resource.js';
import { knowledgeApi, type Headers, type JsonApiObject } from './helpers/knowledge-api.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The generic machinery's child resources (ResourceDefinition.inheritsFrom): a
 * comment is visible when its note is, every action needs that action on the note,
 * comments of an archived note are read-only, and a comment is never shared alone.
 */
describe('generic resources: inheritance from a parent', () => {
  let app: TestApp;
  let api: ReturnType<typeof knowledgeApi>;
  let lab = '';
  let labNote = '';
  let privateNote = '';
  const users = {} as Record<'uma' | 'otto' | 'dora' | 'nils', Headers>;
  const notes = '/test/v1/notes';
  const comments = '/test/v1/note-comments';

  const note = async (identifier: string, workspaceIds: string[] = []) => {
    const relationships = { workspaces: { data: workspaceIds.map((id) => ({ type: 'workspaces', id })) } };
    const response = await api.send('POST', notes, app.adminHeader, { data: { type: 'notes', attributes: { identifier, label: identifier }, relationships } });
    return response.json<{ data: JsonApiObject }>().data.id;
  };
  const comment = (noteId: string, body: string, headers: Headers = app.adminHeader, type = 'notes') =>
    api.send('POST', comments, headers, { data: { type: 'note-comments', attributes: { body }, relationships: { note: { data: { type, id: noteId } } } } });
  const bodies = async (query: string, headers: Headers = app.adminHeader) =>
    (await api.list<{ body: string }>(`${comments}?${query}`, headers)).data.map((c) => c.attributes.body);

  beforeAll(async () => {
    app = await createTestApp({}, { beforeReady: mountNotesWithComments });
    api = knowledgeApi(app);
    lab = await api.workspace('lab');
    users.uma = await api.member('uma', { [lab]: 'user' });
    users.otto = await api.member('otto', { [lab]: 'operator' });
    users.dora = await api.member('dora', { [lab]: 'developer' });
    users.nils = await api.member('nils');
    labNote = await note('lab-note', [lab]);
    privateNote = await note('private-note');
    await comment(labNote, 'first');
    await comment(privateNote, 'secret');
  });
  afterAll(async () => {
    await app.close();
  });

  it('shows the comments of the notes a user may view, with the note and its workspaces', async () => {
    expect(await bodies('sort=label')).toEqual(['first', 'secret']);
    expect(await bodies('', users.uma)).toEqual(['first']);
    expect(await bodies('', users.nils)).toEqual([]);
    const [first] = (await api.list(comments, users.uma)).data;
    expect(first).toMatchObject({
      attributes: { noteIdentifier: 'lab-note', workspaces: { [lab]: 'lab' }, permissions: { change: false, delete: false, share: false } },
      relationships: { note: { data: { type: 'notes', id: labNote } }, workspaces: { data: [{ type: 'workspaces', id: lab }] } },
    });
    const secret = (await api.list(`${comments}?filter[search]=secret`)).data[0]!.id;
    expect((await api.send('GET', `${comments}/${secret}`, users.uma)).statusCode).toBe(403);
  });

  it('filters by note id or identifier and by the note workspaces', async () => {
    expect(await bodies(`filter[note.id]=${privateNote}`)).toEqual(['secret']);
    expect(await bodies('filter[note__identifier]=lab-note')).toEqual(['first']);
    expect(await bodies('filter[workspaces.identifier]=lab')).toEqual(['first']);
    expect(await bodies('filter[inWorkspace]=true', users.uma)).toEqual(['first']);
    expect((await api.send('GET', `${comments}?filter[note.id]=x`)).statusCode).toBe(400);
  });

  it('creates a comment with the action createAction (change) on the note', async () => {
    expect((await comment(labNote, 'by uma', users.uma)).statusCode).toBe(403);
    expect((await comment(privateNote, 'by nils', users.nils)).statusCode).toBe(403);
    expect((await comment('999999', 'nowhere')).statusCode).toBe(404);
    expect((await comment(labNote, 'wrong type', app.adminHeader, 'workspaces')).statusCode).toBe(400);
    const created = await comment(labNote, 'by otto', users.otto);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ data: { attributes: { ownerId: 'otto', permissions: { change: true, delete: false } } } });
  });

  it('changes and deletes with the role on the note, never by owning the comment', async () => {
    const id = (await comment(labNote, 'shared', users.otto)).json<{ data: JsonApiObject }>().data.id;
    expect((await api.patch(`${comments}/${id}`, 'note-comments', { body: 'by uma' }, users.uma)).statusCode).toBe(403);
    expect((await api.patch(`${comments}/${id}`, 'note-comments', { body: 'edited' }, users.otto)).statusCode).toBe(200);
    expect((await api.send('DELETE', `${comments}/${id}`, users.otto)).statusCode).toBe(403);
    expect((await api.send('DELETE', `${comments}/${id}`, users.dora)).statusCode).toBe(204);

    const [orphanOwned] = await app.ctx.db
      .insert(noteComments)
      .values({ identifier: 'nils-own', label: 'nils-own', ownerId: 'nils', noteId: Number(privateNote) })
      .returning();
    expect((await api.send('GET', `${comments}/${orphanOwned!.id}`, users.nils)).statusCode).toBe(403);
  });

  it('is never shared on its own', async () => {
    const id = (await api.list(`${comments}?filter[search]=first`)).data[0]!.id;
    const response = await api.send('PATCH', `${comments}/${id}`, app.adminHeader, {
      data: { type: 'note-comments', id, relationships: { workspaces: { data: [{ type: 'workspaces', id: lab }] } } },
    });
    expect(response.json()).toMatchObject({ detail: 'A comment cannot be shared: it follows the workspaces of its note.' });
  });

  it('makes the comments of an archived note read-only', async () => {
    const archived = await note('archived-note', [lab]);
    const id = (await comment(archived, 'before')).json<{ data: JsonApiObject }>().data.id;
    await api.send('PATCH', `${notes}/${archived}/archive`);
    for (const response of [
      await comment(archived, 'after'),
      await api.patch(`${comments}/${id}`, 'note-comments', { body: 'x' }),
      await api.send('DELETE', `${comments}/${id}`),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ detail: 'Archived note: modifications are disabled.' });
    }
    expect((await api.send('GET', `${comments}/${id}`, users.uma)).json()).toMatchObject({
      data: { attributes: { permissions: { change: false, delete: false } } },
    });
  });

  it('leaves out comments whose note is gone', async () => {
    const [orphan] = await app.ctx.db.insert(noteComments).values({ identifier: 'orphan', label: 'orphan', ownerId: 'admin', noteId: 999999 }).returning();
    expect(await bodies('filter[search]=orphan')).toEqual([]);
    expect((await api.send('GET', `${comments}/${orphan!.id}`)).statusCode).toBe(404);
  });
});
