/**
 * Solves the sign-up's proof of work (decision 0031) with altcha-lib's solver and the browser's
 * WebCrypto PBKDF2, in small awaited steps (the solver yields to the page every 200 ms). Loaded
 * only when the server asks for a proof (a dynamic import), so the first screen's JS does not carry it.
 */
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/** The proof as the server takes it in `altcha` (the ALTCHA widget's base64 JSON), or null when not found in time. */
export async function solveProof(challenge: Challenge): Promise<string | null> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  if (!solution) return null;
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return btoa(JSON.stringify(payload));
}
