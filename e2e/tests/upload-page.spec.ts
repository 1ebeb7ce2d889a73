import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  ftruncateSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { createListener, logIn, lookAt, PHONE, toastText } from '../support/pages.ts';
import { localStagingDir } from '../../packages/storage/src/local-storage.ts';
import { dataDir } from '../support/stack.ts';

// The listener's upload page /upload in Chromium against the native stack: the login gate, the
// names taken from the file name (picked and dropped), each refusal of the page itself (no byte
// sent), a real upload with its progress bar and its place in "Mijn uploads", a refusal of the
// server, and a cancelled upload that leaves nothing. Each state is looked at by axe and
// photographed at a phone's and a desktop's width.

const MB = 1024 * 1024;

async function logInNew(page: Page, name = 'Anneke Bosman'): Promise<void> {
  await logIn(page.request, await createListener(name, 'uploader'));
}

/** An audio (or other) file made by ffmpeg in the test's own folder. */
function ffmpeg(fileName: string, args: string[]): string {
  const file = test.info().outputPath(fileName);
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args, file]);
  return file;
}

/** A WAV of `seconds` seconds: 44.1 kHz stereo, about 10 MB a minute. */
const wavOf = (fileName: string, seconds: number): string =>
  ffmpeg(fileName, ['-f', 'lavfi', '-i', `sine=f=440:d=${seconds}`, '-ac', '2', '-ar', '44100']);

/** Every upload the page starts (POST /api/cloud-upload), to show that none was sent. */
function watchUploads(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/cloud-upload')) {
      sent.push(request.url());
    }
  });
  return sent;
}

/** Chromium sends at most `bytesPerSecond` (DevTools network throttling), uploads included. */
async function throttleUpload(page: Page, bytesPerSecond: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

const fileInput = (page: Page) => page.getByLabel(/Kies een audiobestand|Ander bestand kiezen/);
/** The form's own texts (a toast repeats some of them). */
const theForm = (page: Page) => page.getByRole('form', { name: 'Upload je track' });
const myUploads = (page: Page) => page.getByRole('region', { name: 'Mijn uploads' });

test.use({ viewport: PHONE });

test.describe('upload page', () => {
  test('a visitor logs in first and comes back to the page', async ({ page }) => {
    const account = await createListener('Gast Uploader', 'uploader');
    await page.goto('/upload');
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByLabel('E-mailadres').fill(account.email);
    await page.getByLabel('Wachtwoord', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(page).toHaveURL(/\/upload$/);
    await expect(page.getByRole('heading', { name: 'Upload je Track' })).toBeVisible();
    await expect(page.getByLabel('Ingestuurd door')).toHaveValue('Gast Uploader');
    await expect(myUploads(page).getByText('Je hebt nog geen tracks geüpload.')).toBeVisible();
    await expect(page.getByText('Minimaal 128 kbps', { exact: false })).toBeVisible();
    await lookAt(page, 'upload-empty-form');
  });

  test('artist and title come from the file name, picked or dropped; typed names stay', async ({
    page,
  }) => {
    await logInNew(page);
    await page.goto('/upload');
    const audio = { mimeType: 'audio/mpeg', buffer: Buffer.from('ID3') };
    // By keyboard: the picker is a real file input in the tab order.
    await page.getByRole('heading', { name: 'Upload je Track' }).click();
    await page.keyboard.press('Tab');
    await expect(fileInput(page)).toBeFocused();
    await lookAt(page, 'upload-picker-focused');
    await expect(fileInput(page)).toBeFocused();
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Space');
    await (await chooser).setFiles({ ...audio, name: 'Anneke Bosman - Zomeravond aan Zee.mp3' });
    await expect(page.getByLabel('Artiest')).toHaveValue('Anneke Bosman');
    await expect(page.getByLabel('Titel')).toHaveValue('Zomeravond aan Zee');
    await expect(page.getByTestId('chosen-file')).toHaveText(
      'Anneke Bosman - Zomeravond aan Zee.mp3',
    );

    // The listener corrects the title; another file changes the artist only.
    await page.getByLabel('Titel').fill('Zomeravond aan Zee (demo)');
    await fileInput(page).setInputFiles({ ...audio, name: 'De Kustband-Eb en Vloed.mp3' });
    await expect(page.getByLabel('Artiest')).toHaveValue('De Kustband');
    await expect(page.getByLabel('Titel')).toHaveValue('Zomeravond aan Zee (demo)');

    // Dropped on the zone, as from a file manager.
    await page.getByLabel('Titel').fill('');
    const dropped = await page.evaluateHandle(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['ID3'], 'Trio Noord - Golven.flac', { type: 'audio/flac' }));
      return transfer;
    });
    await page.getByTestId('drop-zone').dispatchEvent('dragover', { dataTransfer: dropped });
    await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: dropped });
    await expect(page.getByTestId('chosen-file')).toHaveText('Trio Noord - Golven.flac');
    await expect(page.getByLabel('Artiest')).toHaveValue('Trio Noord');
    await expect(page.getByLabel('Titel')).toHaveValue('Golven');
  });

  test('the page refuses a wrong type, a file over 50 MB and missing names without sending', async ({
    page,
  }) => {
    await logInNew(page);
    const sent = watchUploads(page);
    await page.goto('/upload');
    const upload = page.getByRole('button', { name: 'Track uploaden' });

    // Nothing chosen.
    await upload.click();
    await expect(toastText(page, 'Incomplete informatie')).toBeVisible();
    await expect(fileInput(page)).toHaveAttribute('aria-invalid', 'true');
    await expect(fileInput(page)).toBeFocused();
    await expect(
      theForm(page).getByText('Incomplete informatie: kies een audiobestand.'),
    ).toBeVisible();

    // A text file.
    const notes = test.info().outputPath('notities.txt');
    writeFileSync(notes, 'geen muziek');
    await fileInput(page).setInputFiles(notes);
    await expect(toastText(page, 'Ongeldig bestandstype')).toBeVisible();
    await upload.click();
    await expect(fileInput(page)).toHaveAttribute('aria-invalid', 'true');
    const described = await fileInput(page).getAttribute('aria-describedby');
    const errorText = page.locator(`[id="${described?.split(' ')[0]}"]`);
    await expect(errorText).toContainText('Ongeldig bestandstype');
    await lookAt(page, 'upload-refused-type');

    // 50 MB + 1 byte (sparse).
    const large = test.info().outputPath('Groot - Bestand.wav');
    const handle = openSync(large, 'w');
    ftruncateSync(handle, 50 * MB + 1);
    closeSync(handle);
    await fileInput(page).setInputFiles(large);
    await expect(toastText(page, 'Bestand te groot')).toBeVisible();
    await upload.click();
    await expect(theForm(page).getByText(/^Bestand te groot: 50,0 MB/)).toBeVisible();

    // A good file, but no submitter name.
    await fileInput(page).setInputFiles({
      name: 'Anneke Bosman - Zomeravond aan Zee.mp3',
      mimeType: 'audio/mpeg',
      buffer: Buffer.from('ID3'),
    });
    await expect(fileInput(page)).toHaveAttribute('aria-invalid', 'false');
    await page.getByLabel('Ingestuurd door').fill('   ');
    await upload.click();
    await expect(toastText(page, 'Incomplete informatie')).toBeVisible();
    await expect(page.getByLabel('Ingestuurd door')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Ingestuurd door')).toBeFocused();
    await expect(theForm(page).getByText('Incomplete informatie: vul je naam in.')).toBeVisible();

    expect(sent, 'no upload was sent').toEqual([]);
  });

  test('a track uploads with its progress and waits in Mijn uploads; a low bitrate is flagged', async ({
    page,
  }) => {
    await logInNew(page);
    await page.goto('/upload');
    await expect(myUploads(page).getByText('Je hebt nog geen tracks geüpload.')).toBeVisible();

    const wav = wavOf('Anneke Bosman - Zomeravond aan Zee.wav', 45); // about 7.6 MB
    await fileInput(page).setInputFiles(wav);
    await page.getByLabel('Bericht voor de DJ (optioneel)').fill('Opgenomen op zolder.');
    await expect(page.getByText('20/2000 tekens')).toBeVisible();
    await lookAt(page, 'upload-with-file');

    await throttleUpload(page, 1.5 * MB);
    await page.getByRole('button', { name: 'Track uploaden' }).click();
    const bar = page.getByRole('progressbar');
    await expect(bar).toBeVisible();
    await expect(page.getByLabel('Artiest')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Annuleren' })).toBeFocused();
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')), {
        message: 'the bar moves',
      })
      .toBeGreaterThan(5);
    await expect(page.getByTestId('upload-bytes')).toHaveText(/^\d+,\d MB van 7,\d MB$/);
    await lookAt(page, 'upload-progress');

    await expect(toastText(page, 'Upload voltooid')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('upload-outcome')).toBeFocused();
    await expect(theForm(page).getByRole('status')).toHaveText(/^Upload voltooid: /);
    await expect(page.getByLabel('Artiest')).toHaveValue('');
    await expect(page.getByTestId('chosen-file')).toHaveCount(0);
    const item = myUploads(page).getByRole('listitem').filter({ hasText: 'Zomeravond aan Zee' });
    await expect(item).toContainText('Anneke Bosman – Zomeravond aan Zee');
    await expect(item).toContainText('In afwachting');
    await expect(item).toContainText('7,6 MB');
    await expect(item).toContainText('Opgenomen op zolder.');
    await expect(item).not.toContainText('lage bitrate');

    // A 96 kbps MP3: kept, with the flag.
    const mp3 = ffmpeg('Trio Noord - Golven.mp3', [
      '-f',
      'lavfi',
      '-i',
      'sine=f=330:d=20',
      '-b:a',
      '96k',
    ]);
    await fileInput(page).setInputFiles(mp3);
    await page.getByRole('button', { name: 'Track uploaden' }).click();
    await expect(toastText(page, 'Upload voltooid')).toBeVisible({ timeout: 20_000 });
    const items = myUploads(page).getByRole('listitem');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('Trio Noord – Golven');
    await expect(items.first()).toContainText('lage bitrate: 96 kbps');
    await lookAt(page, 'upload-my-uploads');
  });

  test('the server refuses a picture named .mp3 and the page says why', async ({ page }) => {
    await logInNew(page);
    await page.goto('/upload');
    const picture = ffmpeg('foto.jpg', [
      '-f',
      'lavfi',
      '-i',
      'color=c=red:s=64x64',
      '-frames:v',
      '1',
    ]);
    await fileInput(page).setInputFiles({
      name: 'Nep Artiest - Geen Muziek.mp3',
      mimeType: 'audio/mpeg',
      buffer: readFileSync(picture),
    });
    await page.getByRole('button', { name: 'Track uploaden' }).click();
    await expect(toastText(page, 'Upload mislukt')).toBeVisible();
    const outcome = page.getByTestId('upload-outcome');
    await expect(outcome).toContainText('Upload mislukt: Ongeldig bestandstype');
    await expect(outcome).toBeFocused();
    // The form keeps what was filled in, to try another file.
    await expect(page.getByLabel('Artiest')).toHaveValue('Nep Artiest');
    await expect(myUploads(page).getByText('Je hebt nog geen tracks geüpload.')).toBeVisible();
  });

  test('a cancelled upload leaves nothing', async ({ page }) => {
    await logInNew(page);
    await page.goto('/upload');
    await fileInput(page).setInputFiles(wavOf('Traag - Nummer.wav', 30)); // about 5 MB
    await throttleUpload(page, 256 * 1024);
    await page.getByRole('button', { name: 'Track uploaden' }).click();
    const bar = page.getByRole('progressbar');
    await expect
      .poll(async () => Number(await bar.getAttribute('aria-valuenow')))
      .toBeGreaterThan(2);
    await page.getByRole('button', { name: 'Annuleren' }).click();
    await expect(toastText(page, 'Upload geannuleerd')).toBeVisible();
    await expect(page.getByRole('progressbar')).toHaveCount(0);
    await expect(page.getByLabel('Artiest')).toBeEnabled();
    await expect(page.getByLabel('Artiest')).toHaveValue('Traag');

    // Nothing stored once the server has let go of what it had received: its work folders for
    // uploads in progress are gone.
    const incoming = localStagingDir(path.join(dataDir(), 'storage'));
    await expect
      .poll(() => (existsSync(incoming) ? readdirSync(incoming) : []), {
        message: 'the cancelled upload’s work folder is removed',
      })
      .toEqual([]);
    const mine = await page.request.get('/api/cloud-uploads/mine');
    expect(((await mine.json()) as { uploads: unknown[] }).uploads).toEqual([]);
    await page.reload();
    await expect(myUploads(page).getByText('Je hebt nog geen tracks geüpload.')).toBeVisible();
  });
});
