/**
 * "How to arrange" for the server answers every plan has in common, when a model does not say
 * better: a failed network, a server error, a refused session, and an answer the demo data gives
 * by itself. Honest about what a tester cannot make a demo install do.
 */
import type { PathStep } from './paths';

/** DevTools words for a dropped connection (the site then says its network error). */
export const OFFLINE =
  'switch the browser offline just before the step that sends it (Chrome DevTools → Network → throttling "Offline"), and back to "No throttling" after this step';

export const SLOW =
  'to read what shows while a request is on its way, slow the network (Chrome DevTools → Network → throttling "Slow 3G")';

const GENERIC: Array<[RegExp, string]> = [
  [/network|offline|connection|\btimes? out\b/i, OFFLINE],
  [
    /\b5\d\d\b|server fails|server error/i,
    'a server error cannot be made from the browser: on an install using PostgreSQL stop the database for this step (`sudo systemctl stop postgresql`, start it again after); on the embedded demo database, skip the step and note it',
  ],
  [
    /\b401\b|unauthenticated|session (ends|expired)|signed out/i,
    'end the session on the server: open the site in a second tab of the same browser and log out there (the tabs share the session); the next request of this tab is refused',
  ],
];

/** The server-answer events: a request the machine made, answered or failed. */
export const isServerAnswer = (step: Pick<PathStep, 'event'>) => /^xstate\.(done|error)\.actor\./.test(step.event.type);

export function genericArrange(step: PathStep): string {
  const known = GENERIC.find(([pattern]) => pattern.test(step.phrase));
  if (known) return known[1];
  return /^xstate\.error\./.test(step.event.type)
    ? 'the demo install refuses this with its own data and rules (README § Demo); the step names the refusal to look for'
    : 'nothing: the demo install answers this with its own data (README § Demo)';
}
