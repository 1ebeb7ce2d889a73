import { type Page } from '@playwright/test';
import { startFakeAzuraCast, type RunningFakeAzuraCast } from '../support/fake-azuracast.ts';
import {
  createListener,
  deleteRequestsOf,
  logIn,
  lookAt,
  PHONE,
  sql,
  toastText,
} from '../support/pages.ts';
import { adminCredentials } from '../support/stack.ts';
import { expect, test } from '../support/test.ts';

// The station is an AzuraCast 0.23 whose API users speak Dutch: the behavioural fake
// (packages/testing/src/fake-azuracast-cli.ts) on AZURACAST_PORT, an origin the harness allows in
// PRIVATE_SOURCE_ORIGINS. In Chromium through the gateway: the admin points the nonstop source at
// it on the Settings tab; a listener finds one of its songs and requests it, and AzuraCast has
// the request; with requests switched off at AzuraCast, a listener's request is refused with
// AzuraCast's own words and nothing is added. The nonstop source is put back afterwards (the
// other suites rely on the built-in station).

const API_KEY = 'e2eazuracast0001:0123456789abcdef0123456789abcdef';
// "Radar Love" (media 106) and "Zoutelande" (media 102) are in requestable playlists of the
// fake's library (packages/testing/fixtures/azuracast/files.json).
const ACCEPTED = { artist: 'Golden Earring', title: 'Radar Love', mediaId: 106 };
const REFUSED = { artist: 'BLØF', title: 'Zoutelande' };
// AzuraCast 0.23 has no Dutch for this message, so its Dutch API user reads it in English.
const REFUSAL =
  'De zender neemt dit verzoekje niet aan. De zender zegt: “This station does not currently accept requests.”';

let fake: RunningFakeAzuraCast | undefined;

test.use({ viewport: PHONE });

test.beforeAll(async () => {
  // Never skipped: against a site of one's own (E2E_BASE_URL), set E2E_AZURACAST_PORT to a free
  // port whose origin that site allows in PRIVATE_SOURCE_ORIGINS.
  if (!process.env.E2E_AZURACAST_PORT) {
    throw new Error(
      'E2E_AZURACAST_PORT is not set: the fake AzuraCast needs a port whose origin ' +
        '(http://127.0.0.1:PORT) the services allow in PRIVATE_SOURCE_ORIGINS. The harness ' +
        'chooses one when it starts the stack; with E2E_BASE_URL set, set it yourself.',
    );
  }
  fake = await startFakeAzuraCast([
    '--version',
    '0.23',
    '--locale',
    'nl',
    '--api-key',
    API_KEY,
    '--permissions',
    'media,broadcasting,reports',
    // No refusal because the fake's own AutoDJ happened to play the song or its artist.
    '--request-threshold',
    '0',
  ]);
});

test.afterAll(async () => {
  await fake?.stop();
});

type SourceRow = { nonstop_url: string | null; nonstop_api_key: string | null };

async function search(page: Page, fields: { artist: string; title: string }): Promise<void> {
  await page.getByLabel('Artiest').fill(fields.artist);
  await page.getByLabel('Titel').fill(fields.title);
  await page.getByRole('button', { name: 'Zoeken' }).click();
}

test('an AzuraCast station in Dutch: the admin points nonstop at it, a request reaches it, its refusal is shown in its own words', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const station = fake!;
  const [before] = await sql<SourceRow>('select nonstop_url, nonstop_api_key from dj_settings');
  expect(before).toBeDefined();
  const listener = await createListener('Luisteraar Azura', 'azuracast');
  try {
    // 1. The admin sets the nonstop source to the AzuraCast station on the Settings tab.
    await logIn(page.request, adminCredentials());
    await page.goto('/admin-management?tab=instellingen');
    await page.getByLabel('Nonstop-URL').fill(station.nowPlayingUrl);
    await page.getByLabel('API-sleutel nonstop').fill(API_KEY);
    await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
    await expect(toastText(page, 'Instellingen opgeslagen')).toBeVisible({ timeout: 15_000 });
    await page.reload();
    await expect(page.getByLabel('Nonstop-URL')).toHaveValue(station.nowPlayingUrl);
    const settings = (await (await page.request.get('/api/admin/settings')).json()) as {
      nonstopUrl: string;
      nonstopApiKeySet: boolean;
      nonstopIsBuiltIn: boolean;
    };
    expect(settings).toMatchObject({
      nonstopUrl: station.nowPlayingUrl,
      nonstopApiKeySet: true,
      nonstopIsBuiltIn: false,
    });
    await page.getByRole('button', { name: 'Test verbinding' }).first().click();
    await expect(page.getByText(/^Nonstop-bron werkt: /)).toBeVisible({ timeout: 15_000 });

    // 2. A listener finds a song of AzuraCast's library (once the worker, following the new
    // source, has scanned it) and requests it; AzuraCast has the request.
    await page.context().clearCookies();
    await logIn(page.request, listener);
    await expect
      .poll(
        async () => {
          const found = await page.request.get(
            `/api/search?artist=${encodeURIComponent(ACCEPTED.artist)}&title=${encodeURIComponent(ACCEPTED.title)}`,
          );
          const { data } = (await found.json()) as { data: { title: string }[] };
          return data.some((track) => track.title === ACCEPTED.title);
        },
        { message: `"${ACCEPTED.title}" of AzuraCast is in the library`, timeout: 60_000 },
      )
      .toBe(true);

    await page.goto('/verzoekjes');
    await search(page, ACCEPTED);
    const found = page.getByRole('button', { name: new RegExp(ACCEPTED.title) });
    await expect(found).toContainText('Bibliotheek');
    await found.click();
    await page.getByRole('button', { name: 'Verzoekje versturen' }).click();
    await expect(toastText(page, 'Verzoekje ingediend!')).toBeVisible({ timeout: 15_000 });
    const myRequests = page.getByRole('region', { name: 'Mijn verzoekjes' });
    await expect(myRequests).toContainText(ACCEPTED.title);
    const mine = myRequests.getByRole('listitem');
    const mineBefore = await mine.count();
    expect(mineBefore).toBeGreaterThan(0);
    await expect
      .poll(async () => (await station.control('state')).songRequests.map((r) => r.mediaId), {
        message: 'AzuraCast lists the request',
      })
      .toEqual([ACCEPTED.mediaId]);

    // 3. AzuraCast stops taking requests: the next one is refused with its own words, and the
    // listener's list stays as it was.
    await station.control('requests-enabled?value=false', 'POST');
    await page.getByRole('button', { name: 'Zoeken' }).waitFor();
    await search(page, REFUSED);
    await page.getByRole('button', { name: new RegExp(REFUSED.title) }).click();
    const refused = page.waitForResponse(
      (r) => r.url().endsWith('/api/requests') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Verzoekje versturen' }).click();
    const answer = await refused;
    expect(answer.status()).toBe(409);
    expect(await answer.json()).toMatchObject({ code: 'STATION_REFUSED' });
    await expect(toastText(page, 'Verzoekje niet mogelijk')).toBeVisible();
    const refusal = page.getByRole('main').getByRole('alert');
    await expect(refusal).toContainText(REFUSAL);
    await expect(myRequests).not.toContainText(REFUSED.title);
    await expect(mine).toHaveCount(mineBefore);
    await page.reload();
    await expect(myRequests).toContainText(ACCEPTED.title);
    await expect(myRequests).not.toContainText(REFUSED.title);
    await expect(mine).toHaveCount(mineBefore);
    expect((await station.control('state')).songRequests).toHaveLength(1);

    // 4. The refusal, looked at by axe and photographed at 390 and 1280 px.
    await search(page, REFUSED);
    await page.getByRole('button', { name: new RegExp(REFUSED.title) }).click();
    await page.getByRole('button', { name: 'Verzoekje versturen' }).click();
    await expect(refusal).toContainText(REFUSAL);
    await lookAt(page, 'azuracast-refused');

    // 5. The admin sees where the accepted request is on its way: with AzuraCast.
    await page.context().clearCookies();
    await logIn(page.request, adminCredentials());
    await page.goto('/admin-management?tab=verzoekjes');
    const card = page.getByRole('article', { name: `${ACCEPTED.artist} – ${ACCEPTED.title}` });
    await expect(card).toContainText('Zender: Staat bij de zender in de wachtrij');
    await lookAt(page, 'azuracast-admin-requests');
  } finally {
    // The built-in station again, with its own key; the AzuraCast song's request goes.
    await deleteRequestsOf(listener.email);
    await sql('update dj_settings set nonstop_url = $1, nonstop_api_key = $2', [
      before?.nonstop_url ?? null,
      before?.nonstop_api_key ?? null,
    ]);
  }
});
