import { describe, expect, it } from 'vitest';
import { errorNotice } from './errors.js';

describe('errorNotice (spec 1 §8)', () => {
  it('401 and 403 give the permission text as a 20 s warning', () => {
    for (const status of [401, 403]) {
      expect(errorNotice(status, 'Forbidden')).toEqual({
        title: 'Warning',
        message: 'You do not have permission to perform this action.',
        color: 'yellow',
        autoClose: 20_000,
      });
    }
  });
  it('400 gives the incorrect-request text', () => {
    expect(errorNotice(400, 'Bad Request').message).toBe('The request you made is incorrect.');
  });
  it('502, 504, 408 and no response give the unreachable text; 5xx are errors', () => {
    const text = 'The service could not be contacted. This may be a temporary network issue or the service may be down.';
    expect(errorNotice(502, 'Bad Gateway')).toMatchObject({ title: 'Error', message: text, color: 'red' });
    expect(errorNotice(504, 'Gateway Timeout').message).toBe(text);
    expect(errorNotice(408, 'Request Timeout')).toMatchObject({ title: 'Warning', message: text });
    expect(errorNotice(0, 'Network Error')).toMatchObject({ title: 'Error', message: text });
  });
  it('other statuses show status text and code', () => {
    expect(errorNotice(500, 'Internal Server Error')).toMatchObject({ title: 'Error', message: 'Internal Server Error (500)' });
    expect(errorNotice(409, 'Conflict')).toMatchObject({ title: 'Warning', message: 'Conflict (409)' });
  });
  it('a server detail overrides the text', () => {
    expect(errorNotice(403, 'Forbidden', { detail: 'Archived workflow' }).message).toBe('Archived workflow');
  });
  it('the last item of the errors list overrides the text', () => {
    const body = { errors: [{ detail: 'first' }, { detail: 'Identifier taken' }] };
    expect(errorNotice(400, 'Bad Request', body).message).toBe('Identifier taken');
    expect(errorNotice(400, 'Bad Request', { errors: ['a', 'b'] }).message).toBe('b');
  });
});
