import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorResponse, jsonResponse, mockFetch, sessionHandlers } from '@/test/fetch-mock';
import { mockMediaElement } from '@/test/media-mock';
import { renderApp } from '@/test/render-app';
import { nowPlaying, stationInfo, STREAM_URL } from '@/test/station-fixtures';

async function renderListen(info: () => Response = () => jsonResponse(stationInfo())) {
  mockMediaElement();
  mockFetch({
    ...sessionHandlers(null),
    'GET /api/station-info': info,
    'GET /api/now-playing': () => jsonResponse(nowPlaying()),
  });
  return renderApp('/luisteren');
}

function mockClipboard(writeText: (text: string) => Promise<void>) {
  const spy = vi.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: spy } });
  return spy;
}

describe('the listen page', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('has the player, the direct stream link and the radio directory', async () => {
    await renderListen();

    expect(await screen.findByRole('heading', { level: 1, name: 'Luisteren' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Livespeler' })).toBeVisible();
    const link = await screen.findByLabelText('Directe streamlink');
    expect((link as HTMLInputElement).value).toBe(STREAM_URL);
    const directory = screen.getByRole('link', { name: /Bekijk ons in de radiogids/ });
    expect(directory.getAttribute('href')).toBe('https://www.radio.nl/radiolokaal');
    expect(directory.getAttribute('target')).toBe('_blank');
  });

  it('copies the stream link and says so', async () => {
    const writeText = mockClipboard(async () => {});
    await renderListen();

    fireEvent.click(await screen.findByRole('button', { name: 'Kopieer link' }));

    expect(await screen.findByRole('button', { name: 'Gekopieerd!' })).toBeVisible();
    expect(screen.getByText('De streamlink staat op je klembord.')).toBeVisible();
    expect(writeText).toHaveBeenCalledWith(STREAM_URL);
  });

  it('says when copying failed, with the link selected to copy by hand', async () => {
    mockClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    await renderListen();

    fireEvent.click(await screen.findByRole('button', { name: 'Kopieer link' }));

    expect(
      await screen.findByText('Kopiëren lukte niet. De link is geselecteerd: kopieer hem zelf.'),
    ).toBeVisible();
    const input = screen.getByLabelText('Directe streamlink') as HTMLInputElement;
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, STREAM_URL.length]);
  });

  it('says the links are unavailable when the station info fails', async () => {
    const { queryClient } = await renderListen(() => errorResponse(500, 'Er ging iets mis'));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));

    const main = screen.getByRole('main');
    expect(within(main).getByText(/De streamlink is nu niet beschikbaar/)).toBeVisible();
    expect(
      within(main).getByText(/De link naar de radiogids is nu niet beschikbaar/),
    ).toBeVisible();
  });
});
