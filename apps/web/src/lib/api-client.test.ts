import { ENDPOINTS, MessageAnswerSchema, TOKEN_STORAGE_KEY, TokenInfoAnswerSchema } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { FakeApi, fail } from '@/test/fake-api.ts';
import { apiRequest } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { getToken, reloadTokenFromStorage, setToken } from './session-store.ts';

describe('apiRequest', () => {
  it('sends the session token and parses the answer with the given schema', async () => {
    const api = new FakeApi()
      .on('POST', ENDPOINTS.logout, () => ({ status: 200, body: { message: 'bye' } }))
      .install();
    setToken('tok');
    await expect(apiRequest(MessageAnswerSchema, ENDPOINTS.logout, { method: 'POST' })).resolves.toEqual({
      message: 'bye',
    });
    expect(api.calls[0]?.authorization).toBe('Bearer tok');
  });

  it('turns an error answer into an ApiError with status, code, message and fields', async () => {
    new FakeApi()
      .on('POST', ENDPOINTS.login, () =>
        fail(400, 'Invalid request', 'VALIDATION_FAILED', { email: 'Invalid email' }),
      )
      .install();
    const error = await apiRequest(MessageAnswerSchema, ENDPOINTS.login, {
      method: 'POST',
      bearer: null,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      statusText: 'Bad Request',
      code: 'VALIDATION_FAILED',
      message: 'Invalid request',
      fields: { email: 'Invalid email' },
    });
  });

  it('forgets the session token when any call answers 401', async () => {
    new FakeApi()
      .on('GET', ENDPOINTS.facilities, () => fail(401, 'Sign in to continue.', 'UNAUTHORIZED'))
      .install();
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'stale');
    reloadTokenFromStorage();
    await expect(apiRequest(TokenInfoAnswerSchema, ENDPOINTS.facilities)).rejects.toMatchObject({
      status: 401,
    });
    expect(getToken()).toBeNull();
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });
});
