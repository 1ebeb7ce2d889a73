import { afterEach, describe, expect, it, vi } from 'vitest';
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
  artist: 'De Zandlopers',
  title: 'Eb en Vloed',
  originalName: 'De Zandlopers - Eb en Vloed.mp3',
  submittedBy: 'Sanne',
  message: null,
  uploadedAt: '2026-07-01T21:30:00.000Z',
  status: 'pending',
  reviewedBy: null,
  reviewedAt: null,
  contentType: 'audio/mpeg',
  sizeBytes: 4_200_000,
  bitrateKbps: 192,
  durationSeconds: 185,
  fileTags: null,
  lowBitrate: false,
  storageUrl: null,
  libraryStatus: null,
  libraryPath: null,
  libraryError: null,
  ...overrides,
});

const admin = sessionHandlers(testUser({ role: 'admin' }));

function listOf(uploads: CloudUpload[], libraryAvailable = true) {
  return { 'GET /api/cloud-uploads': () => jsonResponse({ uploads, libraryAvailable }) };
}

const card = (name: string) => screen.findByRole('article', { name });

afterEach(() => vi.restoreAllMocks());

describe('the cloud uploads page', () => {
  it('opens the tab named in the address, with every count', async () => {
    mockFetch({
      ...admin,
      ...listOf([
        upload({ id: 3, title: 'Een', status: 'approved' }),
        upload({ id: 2, title: 'Twee' }),
        upload({ id: 1, title: 'Drie', status: 'rejected' }),
      ]),
    });
    await renderApp('/cloud-uploads?status=approved');
    expect(await card('De Zandlopers – Een')).toBeVisible();
    expect(screen.getByRole('tab', { selected: true }).textContent).toBe('Goedgekeurd 1');
    expect(screen.getByRole('tab', { name: 'In afwachting 1' })).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Alle 3' })).toBeVisible();
    expect(screen.queryByRole('article', { name: 'De Zandlopers – Twee' })).toBeNull();
  });

  it("flags a low bitrate, shows the file's own tags and links to the storage view", async () => {
    mockFetch({
      ...admin,
      ...listOf([
        upload({
          bitrateKbps: 96,
          lowBitrate: true,
          fileTags: { artist: 'Zandlopers', title: 'Eb & Vloed', album: 'Demo' },
          storageUrl: 'http://minio.local/browser/radio/cloud-uploads%2Fa.mp3',
        }),
      ]),
    });
    await renderApp('/cloud-uploads');
    const found = await card('De Zandlopers – Eb en Vloed');
    expect(within(found).getByText('Lage bitrate')).toBeVisible();
    expect(within(found).getByText('4,0 MB')).toBeVisible();
    expect(within(found).getByText('3:05')).toBeVisible();
    expect(within(found).getByText('Zandlopers – Eb & Vloed (Demo)')).toBeVisible();
    const storage = within(found).getByRole('link', { name: 'Bekijk in opslag' });
    expect(storage.getAttribute('href')).toBe(
      'http://minio.local/browser/radio/cloud-uploads%2Fa.mp3',
    );
    expect(storage.getAttribute('target')).toBe('_blank');
  });

  it('keeps what a listener named apart from the text around it, and shows an unknown length', async () => {
    // A name stored before such characters were removed: U+202E turns "gpj.mp3" round.
    mockFetch({
      ...admin,
      ...listOf([upload({ originalName: 'liedje\u202Egpj.mp3', durationSeconds: null })]),
    });
    await renderApp('/cloud-uploads');
    const found = await card('De Zandlopers – Eb en Vloed');
    expect(within(found).getByText('liedje\u202Egpj.mp3').tagName).toBe('BDI');
    expect(within(found).getByText('Sanne').tagName).toBe('BDI');
    expect(within(found).getAllByText('onbekend')).toHaveLength(1);
  });

  it('says why a decision failed and shows the server state afterwards', async () => {
    let status: CloudUpload['status'] = 'pending';
    mockFetch({
      ...admin,
      'GET /api/cloud-uploads': () =>
        jsonResponse({ uploads: [upload({ status })], libraryAvailable: false }),
      'PATCH /api/cloud-uploads/1/status': () => {
        status = 'rejected';
        return errorResponse(
          409,
          'Alleen een upload die wacht op beoordeling kan worden goedgekeurd of afgewezen.',
        );
      },
    });
    await renderApp('/cloud-uploads');
    fireEvent.click(
      within(await card('De Zandlopers – Eb en Vloed')).getByRole('button', {
        name: 'Goedkeuren',
      }),
    );
    expect(await findToast('Fout bij bijwerken')).toHaveTextContent(
      'Alleen een upload die wacht op beoordeling kan worden goedgekeurd of afgewezen.',
    );
    expect(await screen.findByText('Er wachten geen uploads op een beoordeling.')).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Afgewezen 1' })).toBeVisible();
  });

  it('opens the download tab at the click and closes it when the download fails', async () => {
    const tab = { opener: {}, close: vi.fn(), location: { href: '' } };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    mockFetch({
      ...admin,
      ...listOf([upload({ status: 'downloaded' })]),
      'POST /api/cloud-uploads/1/download': () =>
        errorResponse(404, 'Deze upload bestaat niet (meer).'),
    });
    await renderApp('/cloud-uploads?status=downloaded');
    fireEvent.click(
      within(await card('De Zandlopers – Eb en Vloed')).getByRole('button', {
        name: 'Opnieuw downloaden',
      }),
    );
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    expect(await findToast('Download mislukt')).toHaveTextContent(
      'Deze upload bestaat niet (meer).',
    );
    expect(tab.close).toHaveBeenCalled();
  });

  it('shows where adding to the library stands and offers a retry after a failure', async () => {
    mockFetch({
      ...admin,
      ...listOf([
        upload({
          id: 3,
          title: 'Klaar',
          status: 'approved',
          libraryStatus: 'added',
          libraryPath: 'De Zandlopers - Klaar.mp3',
        }),
        upload({
          id: 2,
          title: 'Mis',
          status: 'downloaded',
          libraryStatus: 'failed',
          libraryError: 'Het bestand is onleesbaar.',
        }),
        upload({ id: 1, title: 'Nieuw', status: 'approved' }),
      ]),
    });
    await renderApp('/cloud-uploads?status=all');
    const added = await card('De Zandlopers – Klaar');
    expect(added.textContent).toContain('In de bibliotheek:De Zandlopers - Klaar.mp3');
    expect(within(added).queryByRole('button', { name: 'Toevoegen aan bibliotheek' })).toBeNull();
    const failed = await card('De Zandlopers – Mis');
    expect(failed.textContent).toContain('Mislukt: Het bestand is onleesbaar.');
    expect(within(failed).getByRole('button', { name: 'Opnieuw proberen' })).toBeEnabled();
    const fresh = await card('De Zandlopers – Nieuw');
    expect(within(fresh).getByRole('button', { name: 'Toevoegen aan bibliotheek' })).toBeEnabled();
  });

  it('offers no library without one at the station', async () => {
    mockFetch({ ...admin, ...listOf([upload({ status: 'approved' })], false) });
    await renderApp('/cloud-uploads?status=approved');
    const found = await card('De Zandlopers – Eb en Vloed');
    expect(within(found).getByRole('button', { name: 'Downloaden' })).toBeEnabled();
    expect(within(found).queryByRole('button', { name: 'Toevoegen aan bibliotheek' })).toBeNull();
  });
});
