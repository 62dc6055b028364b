/**
 * Where a launch lands: the start parameter (Telegram's start_param, the web's ?startapp= or ?ref=)
 * names a referral and/or a page. Once the entry has settled (Telegram's silent sign-in done, or at
 * once on the web) the app goes to that page; a guest who came with a referral and no page gets the
 * registration form with the code filled in. The player moving first cancels the landing.
 * Host provides: rememberReferral, goTo, openRegister. Listens for `entry.settled`, `player.moved`.
 */
import { assign, setup } from 'xstate';
import { START_PAGE_PATHS, type StartPage, type StartParam } from '../../../shared/start-param';
import { mustProvide } from '../shared/placeholders';

export interface StartRouteContext {
  page: StartPage | null;
  referralCode: string | null;
}

export type StartRouteEvent = { type: 'entry.settled'; signedIn: boolean } | { type: 'player.moved' };

export const startRouteMachine = setup({
  types: {
    input: {} as StartParam,
    context: {} as StartRouteContext,
    events: {} as StartRouteEvent,
  },
  actions: {
    rememberReferral: (_, _params: { code: string }) => mustProvide('rememberReferral'),
    goTo: (_, _params: { path: string }) => mustProvide('goTo'),
    openRegister: () => mustProvide('openRegister'),
    forget: assign({ page: null, referralCode: null }),
  },
  guards: {
    hasPage: ({ context }) => context.page !== null,
    guestWithReferral: ({ context, event }) => context.referralCode !== null && event.type === 'entry.settled' && !event.signedIn,
    hasReferral: ({ context }) => context.referralCode !== null,
  },
}).createMachine({
  id: 'startRoute',
  context: ({ input }) => ({ page: input.page ?? null, referralCode: input.referralCode ?? null }),
  initial: 'start',
  states: {
    start: {
      always: [
        { guard: 'hasReferral', target: 'waiting', actions: { type: 'rememberReferral', params: ({ context }) => ({ code: context.referralCode! }) } },
        { target: 'waiting' },
      ],
    },
    waiting: {
      on: {
        'entry.settled': [
          { guard: 'hasPage', target: 'landed', actions: { type: 'goTo', params: ({ context }) => ({ path: START_PAGE_PATHS[context.page!] }) } },
          { guard: 'guestWithReferral', target: 'landed', actions: 'openRegister' },
          { target: 'landed' },
        ],
        // The player went somewhere before the entry settled: their choice wins.
        'player.moved': { target: 'landed', actions: 'forget' },
      },
    },
    landed: { type: 'final' },
  },
});
