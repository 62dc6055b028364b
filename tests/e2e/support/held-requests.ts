/**
 * Holding one API call in the browser until a path's next step says how the server answers.
 *
 * A step that starts a request (a submit, a retry, opening the form) arms the hold; the request
 * then waits in Playwright's router, so the state in between ("busy", "loading") stays on screen
 * long enough to be checked. The answer step releases it: on to the real server (what it answers
 * is recorded), or, for transport failures only, a dropped connection or a 5xx that never reached it.
 */
import type { Page, Request, Route } from 'playwright-core';

/** What the page received for a released request. */
export interface Answer {
  status: number;
  body: any;
}

export type Release = { to: 'server' } | { to: 'network failure' } | { to: 'status'; status: number; body: unknown };

export interface Hold {
  /** Holds matching requests from now until the next release. */
  arm(): void;
  /** The held requests, once `count` are waiting (a step that should have started one fails here). */
  held(count?: number): Promise<Request[]>;
  /** Answers every held request as `how` (after waiting for `count`) and stops holding. */
  release(how: Release, count?: number): Promise<Answer[]>;
}

const WAIT_MS = 10_000;

const parse = (text: string) => {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text;
  }
};

/** Holds the page's requests whose URL matches `pattern` while armed; others pass untouched. */
export async function holdRequests(page: Page, pattern: RegExp, name: string): Promise<Hold> {
  let armed = false;
  const queue: Route[] = [];
  await page.route(pattern, (route) => {
    if (!armed) return route.continue();
    queue.push(route);
  });

  async function waitFor(count: number): Promise<Route[]> {
    const until = Date.now() + WAIT_MS;
    while (queue.length < count) {
      if (Date.now() > until) throw new Error(`${name}: expected ${count} request(s) to ${pattern} to be waiting, saw ${queue.length}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return queue.slice(0, count);
  }

  async function answer(route: Route, how: Release): Promise<Answer> {
    if (how.to === 'network failure') {
      await route.abort('internetdisconnected');
      return { status: 0, body: null };
    }
    if (how.to === 'status') {
      await route.fulfill({ status: how.status, contentType: 'application/json', body: JSON.stringify(how.body) });
      return { status: how.status, body: how.body };
    }
    const response = await route.fetch();
    const text = await response.text();
    await route.fulfill({ response, body: text });
    return { status: response.status(), body: parse(text) };
  }

  return {
    arm() {
      armed = true;
    },
    async held(count = 1) {
      return (await waitFor(count)).map((route) => route.request());
    },
    async release(how, count = 1) {
      await waitFor(count);
      armed = false;
      const routes = queue.splice(0, queue.length);
      return Promise.all(routes.map((route) => answer(route, how)));
    },
  };
}
