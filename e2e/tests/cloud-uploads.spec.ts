import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Download, type Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { toneMp3 } from '../support/audio.ts';
import { createListener, logIn, lookAt, PHONE, sql, toastText } from '../support/pages.ts';
import { adminCredentials, baseURL } from '../support/stack.ts';

// The admin's moderation page /cloud-uploads in Chromium against the native stack: listeners
// upload generated tracks through the real API, the admin listens, approves, rejects, loses a
// race with another admin, downloads (a new tab with the original bytes and name) and adds a
// track to the built-in station's library. Every tab is looked at by axe and photographed at a
// phone's and a desktop's width.

type Track = { artist: string; title: string; fileName: string; bytes: Buffer; message?: string };

/** A listener of their own uploads the track through POST /api/cloud-upload. */
async function uploadAsListener(
  newContext: () => Promise<APIRequestContext>,
  submitter: string,
  track: Track,
): Promise<void> {
  const request = await newContext();
  try {
    await logIn(request, await createListener(submitter, 'uploader'));
    const answer = await request.post('/api/cloud-upload', {
      multipart: {
        artist: track.artist,
        title: track.title,
        submittedBy: submitter,
        ...(track.message ? { message: track.message } : {}),
        audio: { name: track.fileName, mimeType: 'audio/mpeg', buffer: track.bytes },
      },
    });
    expect(answer.status(), await answer.text()).toBe(201);
  } finally {
    await request.dispose();
  }
}

const tab = (page: Page, label: string) =>
  page.getByRole('tab', { name: new RegExp(`^${label} \\d+$`) });

const TAB_LABELS = {
  pending: 'In afwachting',
  approved: 'Goedgekeurd',
  rejected: 'Afgewezen',
  downloaded: 'Gedownload',
  all: 'Alle',
} as const;

async function expectCounts(page: Page, counts: Record<keyof typeof TAB_LABELS, number>) {
  for (const [key, label] of Object.entries(TAB_LABELS)) {
    await expect(tab(page, label)).toHaveAccessibleName(
      `${label} ${counts[key as keyof typeof TAB_LABELS]}`,
    );
  }
}

const card = (page: Page, track: Track) =>
  page.getByRole('article', { name: `${track.artist} – ${track.title}` });

/** The titles of the cards in the open tab, in order. */
const cardTitles = (page: Page) =>
  page.getByRole('tabpanel').getByRole('article').locator('h3').allTextContents();

async function openTab(page: Page, label: string): Promise<void> {
  await tab(page, label).click();
  await expect(tab(page, label)).toHaveAttribute('aria-selected', 'true');
}

const low: Track = {
  artist: 'De Zandlopers',
  title: 'Eb en Vloed',
  fileName: 'De Zandlopers - Eb en Vloed.mp3',
  bytes: toneMp3(330, '96k'),
  message: 'Opgenomen in onze schuur, veel plezier ermee!',
};
const good: Track = {
  artist: 'Mira Hofstede',
  title: 'Lichtjes op de Dijk',
  fileName: 'Mira Hofstede - Lichtjes op de Dijk.mp3',
  bytes: toneMp3(440, '192k'),
};
const other: Track = {
  artist: 'Kapel Oostwind',
  title: 'Polka voor Piet',
  fileName: 'kapel-oostwind_polka.mp3',
  bytes: toneMp3(550, '192k'),
};

test.use({ viewport: PHONE });

test.describe('cloud uploads moderation', () => {
  test('a listener gets "Toegang geweigerd" and no header link', async ({ page }) => {
    await logIn(page.request, await createListener('Gewone Luisteraar'));
    await page.goto('/cloud-uploads');
    await expect(page.getByRole('heading', { name: 'Toegang geweigerd' })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Account' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Moderatie' })).toHaveCount(0);
    await expect(page.getByRole('tab')).toHaveCount(0);
  });

  test('the admin moderates uploads through every tab, downloads one and adds it to the library', async ({
    page,
    playwright,
  }) => {
    test.setTimeout(120_000);
    // The tabs' counts are the whole table's: start from none (the suites run one at a time).
    await sql('delete from cloud_uploads');
    const newContext = () => playwright.request.newContext({ baseURL: baseURL() });

    await logIn(page.request, adminCredentials());
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Moderatie' }).click();
    await expect(page).toHaveURL(/\/cloud-uploads$/);
    await expectCounts(page, { pending: 0, approved: 0, rejected: 0, downloaded: 0, all: 0 });
    await expect(tab(page, 'In afwachting')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('Er wachten geen uploads op een beoordeling.')).toBeVisible();
    await lookAt(page, 'empty-pending');

    // Three listeners send a track each (the oldest first).
    await uploadAsListener(newContext, 'Sanne', low);
    await uploadAsListener(newContext, 'Joost', good);
    await uploadAsListener(newContext, 'Fenna', other);
    await page.reload();
    await expectCounts(page, { pending: 3, approved: 0, rejected: 0, downloaded: 0, all: 3 });
    expect(await cardTitles(page)).toEqual([
      `${other.artist} – ${other.title}`,
      `${good.artist} – ${good.title}`,
      `${low.artist} – ${low.title}`,
    ]);
    await expect(card(page, low)).toContainText('Ingestuurd door Sanne');
    await expect(card(page, low)).toContainText(low.message ?? '');
    await expect(card(page, low)).toContainText('96 kbps');
    await expect(card(page, low)).toContainText('Lage bitrate');
    await expect(card(page, low)).toContainText(low.fileName);
    await expect(card(page, low)).toContainText('0:05');
    await expect(card(page, good)).toContainText('192 kbps');
    await expect(card(page, good)).not.toContainText('Lage bitrate');
    await expect(card(page, good).getByRole('button', { name: 'Downloaden' })).toHaveCount(0);
    await lookAt(page, 'pending');

    // The inline preview plays the uploaded file.
    const preview = card(page, low).locator('audio');
    await expect(preview).toHaveAttribute('preload', 'none');
    await preview.evaluate((audio: HTMLAudioElement) => audio.play());
    await expect
      .poll(() =>
        preview.evaluate((audio: HTMLAudioElement) => ({
          ready: audio.readyState >= 2,
          duration: Math.round(audio.duration),
        })),
      )
      .toEqual({ ready: true, duration: 5 });
    await preview.evaluate((audio: HTMLAudioElement) => audio.pause());

    // Approve one, reject one: the counts move.
    await card(page, good).getByRole('button', { name: 'Goedkeuren' }).click();
    await expect(toastText(page, 'Status bijgewerkt')).toBeVisible();
    await expectCounts(page, { pending: 2, approved: 1, rejected: 0, downloaded: 0, all: 3 });
    // By keyboard: the focus goes on to the next card when this one leaves the tab.
    await card(page, other).getByRole('button', { name: 'Afwijzen' }).focus();
    await page.keyboard.press('Enter');
    await expect(toastText(page, 'Status bijgewerkt')).toBeVisible();
    await expect(card(page, low)).toBeFocused();
    await expectCounts(page, { pending: 1, approved: 1, rejected: 1, downloaded: 0, all: 3 });
    expect(await cardTitles(page)).toEqual([`${low.artist} – ${low.title}`]);

    // Another admin rejected the last one meanwhile: approving it here fails and says why.
    const otherAdmin = await newContext();
    await logIn(otherAdmin, adminCredentials());
    const uploads = (await (await otherAdmin.get('/api/cloud-uploads?status=pending')).json()) as {
      uploads: { id: number }[];
    };
    const rejected = await otherAdmin.patch(`/api/cloud-uploads/${uploads.uploads[0]?.id}/status`, {
      data: { status: 'rejected' },
    });
    expect(rejected.status()).toBe(200);
    await otherAdmin.dispose();
    await card(page, low).getByRole('button', { name: 'Goedkeuren' }).click();
    await expect(toastText(page, 'Fout bij bijwerken')).toBeVisible();
    await expect(
      toastText(
        page,
        'Alleen een upload die wacht op beoordeling kan worden goedgekeurd of afgewezen.',
      ),
    ).toBeVisible();
    await expectCounts(page, { pending: 0, approved: 1, rejected: 2, downloaded: 0, all: 3 });
    await expect(page.getByText('Er wachten geen uploads op een beoordeling.')).toBeVisible();

    // The tabs by keyboard; the tab is in the address and survives a reload.
    await tab(page, 'In afwachting').focus();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, 'Goedgekeurd')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, 'Goedgekeurd')).toBeFocused();
    await expect(page).toHaveURL(/\?status=approved$/);
    await page.reload();
    await expect(tab(page, 'Goedgekeurd')).toHaveAttribute('aria-selected', 'true');
    expect(await cardTitles(page)).toEqual([`${good.artist} – ${good.title}`]);
    await expect(card(page, good)).toContainText(`door ${await reviewerName(page.request)}`);
    await lookAt(page, 'approved');

    await openTab(page, 'Afgewezen');
    expect(await cardTitles(page)).toEqual([
      `${other.artist} – ${other.title}`,
      `${low.artist} – ${low.title}`,
    ]);
    await expect(page.getByRole('tabpanel').getByRole('button')).toHaveCount(0);
    await lookAt(page, 'rejected');

    // Download: a new tab with the original bytes and name; the upload moves to Gedownload.
    await openTab(page, 'Goedgekeurd');
    // Listening on the new tab at once: the download may begin before an awaited popup resolves.
    const downloadStarted = new Promise<Download>((resolve) =>
      page.once('popup', (popup) => popup.once('download', resolve)),
    );
    await card(page, good).getByRole('button', { name: 'Downloaden' }).click();
    const download = await downloadStarted;
    expect(download.suggestedFilename()).toBe(good.fileName);
    expect(readFileSync(await download.path()).equals(good.bytes)).toBe(true);
    await expect(toastText(page, 'Download gestart')).toBeVisible();
    await expectCounts(page, { pending: 0, approved: 0, rejected: 2, downloaded: 1, all: 3 });
    await expect(page.getByText('Er zijn geen goedgekeurde uploads.')).toBeVisible();
    await lookAt(page, 'empty-approved');

    // Add to the station library: queued, then the worker has put it there.
    await openTab(page, 'Gedownload');
    const downloaded = card(page, good);
    await expect(downloaded.getByRole('button', { name: 'Opnieuw downloaden' })).toBeVisible();
    await downloaded.getByRole('button', { name: 'Toevoegen aan bibliotheek' }).click();
    await expect(downloaded).toContainText(/In wachtrij|In de bibliotheek/);
    await expect(downloaded).toContainText(`In de bibliotheek:${good.artist} - ${good.title}.mp3`, {
      timeout: 30_000,
    });
    await expect(downloaded.getByRole('button', { name: 'Toevoegen aan bibliotheek' })).toHaveCount(
      0,
    );
    await lookAt(page, 'downloaded');
    // Indexed at once: listeners find it to request.
    await expect
      .poll(
        async () => {
          const found = await page.request.get(
            `/api/search?title=${encodeURIComponent(good.title)}`,
          );
          const { data } = (await found.json()) as { data: { title: string; source: string }[] };
          return data.some((track) => track.title === good.title && track.source === 'local');
        },
        { message: 'the added upload is found by the request search', timeout: 20_000 },
      )
      .toBe(true);

    await openTab(page, 'Alle');
    expect(await cardTitles(page)).toHaveLength(3);
    await lookAt(page, 'all');

    // A download that fails (the upload is gone) says so and closes its tab.
    await sql('delete from cloud_uploads where artist = $1', [good.artist]);
    await openTab(page, 'Gedownload');
    const failedPopupOpened = page.waitForEvent('popup');
    await downloaded.getByRole('button', { name: 'Opnieuw downloaden' }).click();
    const failedPopup = await failedPopupOpened;
    await expect(toastText(page, 'Download mislukt')).toBeVisible();
    await expect.poll(() => failedPopup.isClosed()).toBe(true);
    await expectCounts(page, { pending: 0, approved: 0, rejected: 2, downloaded: 0, all: 2 });
    await expect(page.getByText('Er zijn nog geen uploads gedownload.')).toBeVisible();
  });
});

/** How the logged-in admin is named as reviewer: their display name, else their e-mail. */
async function reviewerName(request: APIRequestContext): Promise<string> {
  const user = (await (await request.get('/api/auth/user')).json()) as {
    name: string;
    email: string;
  };
  return user.name.trim() || user.email;
}
