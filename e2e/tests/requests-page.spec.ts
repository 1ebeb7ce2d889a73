import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import {
  createListener,
  deleteRequestsOf,
  libraryTrack,
  logIn,
  lookAt,
  PHONE,
  sql,
  toastText,
} from '../support/pages.ts';

// The request page /verzoekjes in Chromium against the native stack: gates, the welcome dialog,
// search, an unavailable track, sending (with a voice message from the fake microphone), the
// queue with its expected times, a refusal with its wait. Every step is looked at by axe and
// photographed at a phone's and a desktop's width.

/** Asks for a library track through the API, as the given (logged-in) client. */
async function requestTrack(request: APIRequestContext, title: string): Promise<void> {
  const track = await libraryTrack(request, title);
  const sent = await request.post('/api/requests', {
    data: { source: 'local', libraryTrackId: track.libraryTrackId, filename: track.filename },
  });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
}

async function search(page: Page, fields: { artist?: string; title?: string }): Promise<void> {
  await page.getByLabel('Artiest').fill(fields.artist ?? '');
  await page.getByLabel('Titel').fill(fields.title ?? '');
  await page.getByRole('button', { name: 'Zoeken' }).click();
}

/**
 * A new listener picks the track and records three seconds of the fake microphone for it; the
 * listener's e-mail.
 */
async function recordForTrack(page: Page, title: string): Promise<string> {
  const account = await createListener();
  await logIn(page.request, account);
  await page.goto('/verzoekjes');
  await search(page, { title });
  await page.getByRole('button', { name: new RegExp(title) }).click();
  await page.getByRole('button', { name: 'Opname starten' }).click();
  await expect(page.getByText(/^nog 1:5[0-7]$/)).toBeVisible(); // three seconds recorded
  await page.getByRole('button', { name: 'Stoppen' }).click();
  await expect(page.getByText(/Opname van 0:0[3-5] klaar/)).toBeVisible();
  return account.email;
}

test.use({ viewport: PHONE });

test.describe('request page', () => {
  test('the login round trip brings the listener back to the page', async ({ page }) => {
    const account = await createListener();
    await page.goto('/verzoekjes');
    await expect(page.getByRole('heading', { name: 'Login Vereist' })).toBeVisible();
    await lookAt(page, 'gate-login');
    await page.getByRole('main').getByRole('link', { name: 'Inloggen' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.getByLabel('E-mailadres').fill(account.email);
    await page.getByLabel('Wachtwoord', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
    await expect(page).toHaveURL(/\/verzoekjes$/);
    await expect(page.getByRole('heading', { name: /Zoek een nummer/ })).toBeVisible();
  });

  test('requests switched off show the gate', async ({ page }) => {
    const account = await createListener();
    await sql('update dj_settings set requests_enabled = false');
    await logIn(page.request, account);
    await page.goto('/verzoekjes');
    await expect(
      page.getByRole('heading', { name: 'Verzoekjes Momenteel Uitgeschakeld' }),
    ).toBeVisible();
    await expect(page.getByLabel('Artiest')).toHaveCount(0);
    await lookAt(page, 'gate-off');
  });

  test('a new listener names themself, finds a song, sees an unavailable one and sends a request that joins the queue', async ({
    page,
  }) => {
    // Another listener asked for "Brug over de Vecht" already and it awaits review: it is not
    // available now. (A row of its own, not queued: a queued song could air during the test and
    // be requestable for the seconds before its play is ingested.)
    const other = await createListener('Andere Luisteraar');
    await sql(
      `insert into song_requests
         (user_id, title, artist, filename, requester_name, status, source, download_status)
       select id, 'Brug over de Vecht', 'De Kanaalkoning',
              'verzoek/De Kanaalkoning - Brug over de Vecht.mp3', 'Andere Luisteraar', 'pending',
              'local', 'not_needed'
       from users where email = $1`,
      [other.email],
    );

    const account = await createListener();
    await sql("update users set name = '' where email = $1", [account.email]);
    await logIn(page.request, account);
    await page.goto('/verzoekjes');

    // The welcome dialog: an empty name is refused, a name is set once.
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('je kunt hem later niet meer wijzigen');
    await lookAt(page, 'welcome-dialog');
    await dialog.getByRole('button', { name: 'Naam opslaan' }).click();
    await expect(toastText(page, 'Ongeldige naam')).toBeVisible();
    await expect(toastText(page, 'Voer een geldige naam in')).toBeVisible();
    await dialog.getByLabel('Je naam').fill('  Marloes  ');
    await dialog.getByRole('button', { name: 'Naam opslaan' }).click();
    await expect(toastText(page, 'Naam ingesteld')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Step 1: nothing to search for.
    await page.getByRole('button', { name: 'Zoeken' }).click();
    await expect(toastText(page, 'Geen zoekterm')).toBeVisible();
    await lookAt(page, 'step1-search');

    // Step 2: the requested song shows why it cannot be chosen.
    await search(page, { title: 'Brug over de Vecht' });
    await expect(page.getByRole('heading', { name: /Kies je nummer/ })).toBeFocused();
    await expect(page.getByText(/\d+ nummers? gevonden/)).toBeVisible();
    const taken = page.getByRole('button', { name: /Brug over de Vecht/ });
    await expect(taken).toHaveAttribute('aria-disabled', 'true');
    await expect(taken).toContainText('Dit nummer staat al in de wachtrij.');
    await expect(taken).toContainText('Bibliotheek');
    await lookAt(page, 'step2-unavailable');
    // aria-disabled, not disabled: it stays reachable, and a click says why it cannot be chosen.
    await taken.click({ force: true });
    await expect(toastText(page, 'Track niet beschikbaar')).toBeVisible();
    await expect(page.getByRole('heading', { name: /Kies je nummer/ })).toBeVisible();

    await page.getByRole('button', { name: 'Nieuwe zoekopdracht' }).click();
    await expect(page.getByRole('heading', { name: /Zoek een nummer/ })).toBeFocused();
    await search(page, { artist: 'Anneke Bosman', title: 'Zomeravond' });
    await page.getByRole('button', { name: /Zomeravond aan Zee/ }).click();

    // Step 3: the name is locked, the message counts its characters.
    await expect(page.getByRole('heading', { name: /Je verzoekje/ })).toBeFocused();
    await expect(page.getByLabel('Je naam')).toHaveValue('Marloes');
    await expect(page.getByLabel('Je naam')).toHaveAttribute('readonly', '');
    await page.getByLabel('Bericht voor de DJ (optioneel)').fill('Voor mijn moeder!');
    await expect(page.getByText('17/500 tekens')).toBeVisible();
    await lookAt(page, 'step3-details');
    await page.getByRole('button', { name: 'Verzoekje versturen' }).click();
    await expect(toastText(page, 'Verzoekje ingediend!')).toBeVisible();

    // Back at step 1 with empty fields; the request is in the queue with its expected time.
    await expect(page.getByLabel('Artiest')).toHaveValue('');
    await expect(page.getByLabel('Titel')).toHaveValue('');
    const upcoming = page.getByRole('region', { name: 'Binnenkort te horen' });
    const mine = upcoming.getByRole('listitem').filter({ hasText: 'Zomeravond aan Zee' });
    await expect(mine).toContainText('Jouw verzoekje');
    await expect(mine).toContainText(/#\d+/);
    await expect(mine).toContainText(/rond \d{2}:\d{2}/, { timeout: 20_000 });
    const myRequests = page.getByRole('region', { name: 'Mijn verzoekjes' });
    await expect(myRequests).toContainText('Zomeravond aan Zee');
    await expect(myRequests).toContainText('Voor mijn moeder!');
    await lookAt(page, 'after-submit-queue');
  });

  test('a refusal shows the server message with the wait', async ({ page }) => {
    const account = await createListener();
    await sql('update users set custom_requests_per_hour = 1 where email = $1', [account.email]);
    await logIn(page.request, account);
    await requestTrack(page.request, 'Sneeuw op de Veluwe');

    await page.goto('/verzoekjes');
    await search(page, { title: 'Trekker op de dijk' });
    await page.getByRole('button', { name: /Trekker op de dijk/ }).click();
    await page.getByRole('button', { name: 'Verzoekje versturen' }).click();
    await expect(toastText(page, 'Verzoekje niet mogelijk')).toBeVisible();
    const refusal = page.getByRole('main').getByRole('alert');
    await expect(refusal).toContainText(
      /Je kunt over (\d+ minuten|1 uur) weer een verzoekje indienen\./,
    );
    await expect(refusal).toContainText(/rond \d{2}:\d{2}/);
    await lookAt(page, 'step3-refused');
  });

  test('the voice recorder records the microphone with a countdown, pauses, previews and deletes', async ({
    page,
  }) => {
    await logIn(page.request, await createListener());
    // The page's clock runs as usual; the pause below moves it on at once.
    await page.clock.install();
    await page.goto('/verzoekjes');
    await search(page, { title: 'Wind in de zeilen' });
    await page.getByRole('button', { name: /Wind in de zeilen/ }).click();

    await page.getByRole('button', { name: 'Opname starten' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Opname loopt' })).toBeAttached();
    await expect(page.getByText(/nog 1:5\d/)).toBeVisible();
    // Sending waits for the recording to end.
    await expect(page.getByRole('button', { name: 'Verzoekje versturen' })).toBeDisabled();
    await expect(page.getByText(/^nog 1:5[0-7]$/)).toBeVisible(); // three seconds recorded
    await lookAt(page, 'recorder-recording');
    await page.getByRole('button', { name: 'Pauzeren' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Opname gepauzeerd' })).toBeAttached();
    const pausedAt = await page.getByText(/^nog \d:\d\d$/).textContent();
    // The countdown stands still while paused, however long the pause.
    await page.clock.runFor(10_000);
    await expect(page.getByText(/^nog \d:\d\d$/)).toHaveText(pausedAt ?? '');
    await page.getByRole('button', { name: 'Hervatten' }).click();
    await page.getByRole('button', { name: 'Stoppen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Opname gestopt' })).toBeAttached();
    await expect(page.getByText(/Opname van 0:(0[3-9]|[1-5]\d) klaar/)).toBeVisible();

    await page.getByRole('button', { name: 'Beluisteren' }).click();
    await expect(page.getByRole('button', { name: 'Stop afspelen' })).toBeVisible();
    await lookAt(page, 'recorder-preview');
    await page.getByRole('button', { name: 'Stop afspelen' }).click();
    await expect(page.getByRole('button', { name: 'Beluisteren' })).toBeVisible();
    await page.getByRole('button', { name: 'Verwijderen' }).click();
    await expect(page.getByRole('button', { name: 'Opname starten' })).toBeVisible();
  });

  test('a voice message is uploaded first, then the request is sent with its URL', async ({
    page,
  }) => {
    const email = await recordForTrack(page, 'Lichtjes van Leeuwarden');
    // Its request is taken back afterwards: the song is free again for a next run on this stack.
    try {
      // While the server decodes the recording the listener is told so.
      const processing = page.getByRole('status').filter({ hasText: 'Je opname wordt verwerkt' });
      await page.route('**/api/voicetrack-upload', async (route) => {
        await expect(processing).toBeVisible();
        await route.continue();
      });
      const upload = page.waitForResponse((r) => r.url().endsWith('/api/voicetrack-upload'));
      const sent = page.waitForRequest(
        (r) => r.url().endsWith('/api/requests') && r.method() === 'POST',
      );
      await page.getByRole('button', { name: 'Verzoekje versturen' }).click();
      const { downloadUrl } = (await (await upload).json()) as { downloadUrl: string };
      expect((await sent).postDataJSON()).toMatchObject({ voicetrackUrl: downloadUrl });
      await expect(toastText(page, 'Verzoekje ingediend!')).toBeVisible();
      await expect(
        page.getByRole('region', { name: 'Mijn verzoekjes' }).getByText('Met ingesproken bericht'),
      ).toBeVisible();
      await expect(processing).toBeHidden();
    } finally {
      await deleteRequestsOf(email);
    }
  });

  test('a server busy with other recordings says so and keeps the recording for another try', async ({
    page,
  }) => {
    await recordForTrack(page, 'Wind in de zeilen');

    const busy = 'De server is druk met andere opnames; probeer het over een minuut opnieuw.';
    await page.route('**/api/voicetrack-upload', (route) =>
      route.fulfill({
        status: 503,
        headers: { 'retry-after': '60' },
        json: { code: 'DECODER_BUSY', message: busy, error: busy },
      }),
    );
    await page.getByRole('button', { name: 'Verzoekje versturen' }).click();
    await expect(toastText(page, 'Server bezig')).toBeVisible();
    await expect(toastText(page, busy)).toBeVisible();
    await expect(page.getByText(/Opname van 0:0[3-5] klaar/)).toBeVisible();
  });
});
