/** Path model of startRouteMachine: where a launch link lands once the entry has settled. */
import type { SnapshotFrom } from 'xstate';
import { startRouteMachine } from '../../src/machines/start-route/start-route.machine';
import { definePathModel, type PhrasedEvent } from '../support/paths';

type Snapshot = SnapshotFrom<typeof startRouteMachine>;

function events(snapshot: Snapshot): PhrasedEvent[] {
  if (!snapshot.matches('waiting')) return [];
  return [
    ['the entry settles signed in', { type: 'entry.settled', signedIn: true }],
    ['the entry settles as a guest', { type: 'entry.settled', signedIn: false }],
    ['the player goes to another page first', { type: 'player.moved' }],
  ];
}

function describeState(snapshot: Snapshot): string {
  const { page, referralCode } = snapshot.context;
  const carried = [referralCode ? `referral ${referralCode}` : '', page ? `page ${page}` : ''].filter(Boolean).join(' and ') || 'nothing';
  return snapshot.matches('waiting') ? `waiting for the entry; the link carries ${carried}` : `landed (the link carried ${carried})`;
}

export const startRoutePaths = definePathModel({
  name: 'start-route',
  title: 'Launch link landing (start parameter)',
  source: 'src/machines/start-route/start-route.machine.ts',
  machine: startRouteMachine,
  starts: [
    { name: 'a link ref_AG0001__2d', input: { referralCode: 'AG0001', page: '2d' } },
    { name: 'a link ref_AG0001', input: { referralCode: 'AG0001' } },
    { name: 'a link deposit', input: { page: 'deposit' } },
    { name: 'no start parameter', input: {} },
  ],
  events,
  describeState,
});
