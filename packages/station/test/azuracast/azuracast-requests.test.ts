import { describe, expect, it } from 'vitest';
import { classifySongRequestAnswer, type AzuraCastAnswer } from '../../src/index.ts';

const answer = (
  status: number,
  message: string,
  errorType: string | null = null,
  isApiError = true,
): AzuraCastAnswer => ({ status, message, errorType, isApiError });

describe('an AzuraCast answer to a song request, by status and shape in every version', () => {
  it('takes a 2xx as accepted (0.19: Api_Status success, 0.20+: the same)', () => {
    expect(classifySongRequestAnswer(answer(200, 'Uw verzoek is ingediend.'))).toEqual({
      kind: 'accepted',
    });
  });

  it.each([
    // 0.19.x: 400 with Api_Status {success: false, message}, in the key user's language.
    [answer(400, 'Dubbel verzoek: dit nummer is al aangevraagd en wordt binnenkort gespeeld.')],
    // 0.20+: 500, an Api_Error of type CannotCompleteActionException.
    [
      answer(
        500,
        'Kan aanvraag niet indienen: This song was already requested and will play soon.',
        'CannotCompleteActionException',
      ),
    ],
    // Requests off: the middleware's StationUnsupportedException.
    [
      answer(
        500,
        'This station does not currently accept requests.',
        'StationUnsupportedException',
      ),
    ],
  ])('takes a refusal as refused with its own words: %o', (given) => {
    expect(classifySongRequestAnswer(given)).toEqual({
      kind: 'refused',
      reason: 'refused',
      message: given.message,
      waitSeconds: null,
    });
  });

  it('reads a wait in minutes from the words (0.23 in English and Dutch)', () => {
    const english = answer(
      500,
      'Cannot submit request: You have submitted a request too recently! Please wait 7 minutes before submitting another one.',
      'CannotCompleteActionException',
    );
    expect(classifySongRequestAnswer(english)).toMatchObject({ kind: 'refused', waitSeconds: 420 });
    const dutch = answer(400, 'U heeft te recent een verzoek ingediend! Wacht aub 15 minuten.');
    expect(classifySongRequestAnswer(dutch)).toMatchObject({ kind: 'refused', waitSeconds: 900 });
  });

  it("drops 0.19's class and place before an error's text", () => {
    const given = answer(
      500,
      'StationUnsupportedException at /var/azuracast/www/src/Middleware/StationSupportsFeature.php L23: This feature is not currently supported on this station.',
      'StationUnsupportedException',
    );
    expect(classifySongRequestAnswer(given)).toMatchObject({
      kind: 'refused',
      message: 'This feature is not currently supported on this station.',
    });
  });

  it('takes 404 as a track that is gone', () => {
    expect(
      classifySongRequestAnswer(answer(404, 'Record not found.', 'NotFoundException')),
    ).toEqual({
      kind: 'refused',
      reason: 'not-found',
      message: 'Record not found.',
      waitSeconds: null,
    });
  });

  it("takes 429 and 0.19's 500 RateLimitExceededException as its rate limit", () => {
    for (const given of [
      answer(429, 'You have exceeded the rate limit for this application.'),
      answer(
        500,
        'You have exceeded the rate limit for this application.',
        'RateLimitExceededException',
      ),
    ]) {
      expect(classifySongRequestAnswer(given)).toEqual({ kind: 'rate-limited', waitSeconds: 5 });
    }
  });

  it('takes its own failures and a proxy page as unavailable, not as a refusal', () => {
    for (const given of [
      answer(500, 'SQLSTATE[HY000] [2002] Connection refused', 'PDOException'),
      answer(502, '<html>Bad Gateway</html>', null, false),
      answer(400, '<html>Bad Request</html>', null, false),
    ]) {
      expect(classifySongRequestAnswer(given).kind).toBe('unavailable');
    }
  });
});
