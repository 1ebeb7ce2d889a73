import { describe, expect, it } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { ApiError, apiRequest, serverMessage } from './api-client';

describe('apiRequest', () => {
  it('sends the session cookie and no body or content type when there is no body', async () => {
    const fetchMock = mockFetch({ 'GET /api/thing': () => new Response('{}') });

    await apiRequest('GET', '/api/thing');

    expect(fetchMock).toHaveBeenCalledWith('/api/thing', {
      method: 'GET',
      credentials: 'include',
    });
  });

  it('sends a given body as JSON with a JSON content type', async () => {
    const fetchMock = mockFetch({ 'POST /api/thing': () => new Response('{}') });

    await apiRequest('POST', '/api/thing', { enabled: true });

    expect(fetchMock).toHaveBeenCalledWith('/api/thing', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"enabled":true}',
    });
  });

  it('sends FormData as multipart, leaving the content type to the browser', async () => {
    const fetchMock = mockFetch({ 'POST /api/upload': () => new Response('{}') });
    const form = new FormData();
    form.append('artist', 'Doe Maar');

    await apiRequest('POST', '/api/upload', form);

    expect(fetchMock).toHaveBeenCalledWith('/api/upload', {
      method: 'POST',
      credentials: 'include',
      body: form,
    });
  });

  it('turns a non-ok response into an error "{status}: {response text}"', async () => {
    const body = '{"message":"Onjuist wachtwoord","code":"INVALID_CREDENTIALS"}';
    mockFetch({ 'POST /api/auth/login': () => new Response(body, { status: 401 }) });

    const error = await apiRequest('POST', '/api/auth/login', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`401: ${body}`);
    expect((error as ApiError).status).toBe(401);
  });

  it('uses the status text when the error response has no body', async () => {
    mockFetch({
      'GET /api/now-playing': () =>
        new Response(null, { status: 503, statusText: 'Service Unavailable' }),
    });

    await expect(apiRequest('GET', '/api/now-playing')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('serverMessage', () => {
  async function failedRequest(status: number, body: string): Promise<unknown> {
    mockFetch({ 'POST /api/thing': () => new Response(body, { status }) });
    return apiRequest('POST', '/api/thing', {}).catch((e: unknown) => e);
  }

  it("reads the server's Dutch message from an error body", async () => {
    const error = await failedRequest(409, '{"message":"E-mail bestaat al","code":"EXISTS"}');

    expect(serverMessage(error)).toBe('E-mail bestaat al');
  });

  it('gives nothing for a body without a message, or for other errors', async () => {
    expect(serverMessage(await failedRequest(502, '<html>down</html>'))).toBeUndefined();
    expect(serverMessage(await failedRequest(500, ''))).toBeUndefined();
    expect(serverMessage(await failedRequest(400, '{"code":"X"}'))).toBeUndefined();
    expect(serverMessage(new TypeError('Failed to fetch'))).toBeUndefined();
  });
});
