import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { CloudUpload } from '@radio/contracts';
import {
  errorResponse,
  jsonResponse,
  mockFetch,
  sessionHandlers,
  testUser,
} from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { findToast } from '@/test/toasts';

const upload = (overrides: Partial<CloudUpload>): CloudUpload => ({
  id: 1,
  artist: 'Anneke Bosman',
  title: 'Zomeravond aan Zee',
  originalName: 'Anneke Bosman - Zomeravond aan Zee.flac',
  submittedBy: 'Anna de Vries',
  message: null,
  uploadedAt: '2026-07-01T18:30:00.000Z',
  status: 'pending',
  reviewedBy: null,
  reviewedAt: null,
  contentType: 'audio/flac',
  sizeBytes: 40 * 1024 * 1024,
  bitrateKbps: 1024,
  durationSeconds: 240,
  fileTags: null,
  lowBitrate: false,
  storageUrl: null,
  libraryStatus: null,
  libraryPath: null,
  libraryError: null,
  ...overrides,
});

const mine = (uploads: CloudUpload[]) => ({
  'GET /api/cloud-uploads/mine': () => jsonResponse({ uploads, libraryAvailable: true }),
});

describe('the upload page', () => {
  it('lists the listener’s uploads with their status in Dutch, date, size and a low bitrate', async () => {
    mockFetch({
      ...sessionHandlers(testUser()),
      ...mine([
        upload({
          id: 3,
          artist: 'Trio Noord',
          title: 'Golven',
          status: 'rejected',
          bitrateKbps: 96,
          lowBitrate: true,
          sizeBytes: 2.5 * 1024 * 1024,
        }),
        upload({ id: 2, status: 'approved', message: 'Voor de zomeravond' }),
        upload({ id: 1, status: 'downloaded', libraryStatus: 'added' }),
      ]),
    });
    await renderApp('/upload');
    const list = await screen.findByRole('list', { name: 'Mijn uploads, nieuwste eerst' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Trio Noord – Golven'),
      expect.stringContaining('Anneke Bosman – Zomeravond aan Zee'),
      expect.stringContaining('Anneke Bosman – Zomeravond aan Zee'),
    ]);
    expect(items[0]?.textContent).toContain('Afgewezen');
    expect(items[0]?.textContent).toContain('2,5 MB');
    expect(items[0]?.textContent).toContain('lage bitrate: 96 kbps');
    expect(items[1]?.textContent).toContain('Goedgekeurd');
    expect(items[1]?.textContent).toContain('1 jul 2026, 20:30'); // Europe/Amsterdam, summer
    expect(items[1]?.textContent).toContain('“Voor de zomeravond”');
    expect(items[1]?.textContent).not.toContain('lage bitrate');
    expect(items[2]?.textContent).toContain('Gedownload');
    expect(items[2]?.textContent).toContain('Staat in de muziekbibliotheek');
  });

  it('has an empty state', async () => {
    mockFetch({ ...sessionHandlers(testUser()), ...mine([]) });
    await renderApp('/upload');
    expect(await screen.findByText('Je hebt nog geen tracks geüpload.')).toBeVisible();
  });

  it('says so when the list cannot be read', async () => {
    mockFetch({
      ...sessionHandlers(testUser()),
      'GET /api/cloud-uploads/mine': () => errorResponse(503, 'Even niet beschikbaar'),
    });
    await renderApp('/upload');
    expect(await screen.findByText('Je uploads kunnen nu niet worden geladen.')).toBeVisible();
  });

  it('prefills the names and the submitter, and refuses a form without a file before sending', async () => {
    const fetchMock = mockFetch({ ...sessionHandlers(testUser()), ...mine([]) });
    await renderApp('/upload');
    expect(((await screen.findByLabelText('Ingestuurd door')) as HTMLInputElement).value).toBe(
      'Anna de Vries',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Track uploaden' }));
    expect(await findToast('Incomplete informatie')).toHaveTextContent(
      'Incomplete informatie: kies een audiobestand.',
    );
    const picker = screen.getByLabelText('Kies een audiobestand');
    expect(picker.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(picker);

    const file = new File(['ID3'], 'Anneke Bosman - Zomeravond aan Zee.mp3', {
      type: 'audio/mpeg',
    });
    fireEvent.change(picker, { target: { files: [file] } });
    expect((screen.getByLabelText('Artiest') as HTMLInputElement).value).toBe('Anneke Bosman');
    expect((screen.getByLabelText('Titel') as HTMLInputElement).value).toBe('Zomeravond aan Zee');
    expect(screen.getByLabelText('Ander bestand kiezen').getAttribute('aria-invalid')).toBe(
      'false',
    );

    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts).toEqual([]);
  });
});
