/** Path model of twoDBetMachine: picking on the grid, the confirm page, and every answer. */
import type { SnapshotFrom } from 'xstate';
import type { TwoDDraft } from '../../src/api/types';
import { doubles } from '../../src/lib/two-d/shortcuts';
import { twoDBetMachine } from '../../src/machines/two-d-bet/two-d-bet.machine';
import { selectedNums, toDraft } from '../../src/machines/two-d-bet/two-d-draft';
import { after, apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { keySeed, networkDown } from './money-fixtures';
import { availabilityOf, storedDraft } from './two-d-fixtures';
import { arrangeTwoD, describeTwoDScreen, STORED_START, TWO_D_SETUP } from './two-d-bet.qa';

type BetSnapshot = SnapshotFrom<typeof twoDBetMachine>;
type BetContext = BetSnapshot['context'];

/** While a failed request's key is pending, phrases say so: what follows keeps or drops it (nodes of their own). */
const pending = (context: BetContext) => (context.key !== null ? ' (a retry is pending)' : '');
const load = (draft: TwoDDraft | null) => ({ type: 'draft.load', draft });
const entry = (text: string) => ({ type: 'entry.apply', text });

function availabilityAnswers(context: BetContext): PhrasedEvent[] {
  const session = context.session ?? 'morning';
  return [
    ['the grid loads (55 full, 77 closed)', done('fetchAvailability', availabilityOf(session))],
    ['the grid loads: betting on this draw has closed', done('fetchAvailability', availabilityOf(session, 'closed'))],
    ['loading the grid fails', failed('fetchAvailability', networkDown)],
  ];
}

function gridTools(context: BetContext, selected: string[]): PhrasedEvent[] {
  return [
    // The stake is in the phrase when it is not the default, so a pick at a low stake is a node of its own.
    selected.includes('12')
      ? ['they tap 12 again to drop it', { type: 'number.toggle', num: '12' }]
      : [(context.stake === '100' ? 'they tap 12' : `they tap 12 at a stake of ${context.stake}`) + pending(context), { type: 'number.toggle', num: '12' }],
    ['they type "34.56=500" and apply it', entry('34.56=500')],
    ['they type "12=50, 1x=100" and apply it', entry('12=50, 1x=100')],
    ['they type "77 88=200" and apply it', entry('77 88=200')],
  ];
}

function picking(snapshot: BetSnapshot): PhrasedEvent[] {
  const { context } = snapshot;
  const selected = selectedNums(context);
  const stakeLow = context.picked.length > 0 && Number(context.stake) < 100;
  const events: PhrasedEvent[] = [
    context.stake === '100'
      ? ['they set the stake to 50, below the minimum', { type: 'stake.change', value: '50' }]
      : ['they set the stake back to ၁၀၀ in Burmese digits', { type: 'stake.change', value: '၁၀၀' }],
    // The grid's cells and the typed entry are on screen once the grid has loaded; the quick picks from the start.
    ...(context.availability !== null ? gridTools(context, selected) : []),
    ['they add the doubles', { type: 'numbers.add', nums: doubles() }],
    ['they clear the selection', { type: 'numbers.clear' }],
    [`they switch to the ${context.session === 'evening' ? 'morning' : 'evening'} draw`, { type: 'session.change', session: context.session === 'evening' ? 'morning' : 'evening' }],
    [stakeLow ? 'they press Bet with the stake below 100' : `they press Bet${pending(context)}`, { type: 'selection.confirm' }],
    ['the confirm page opens with the stored selection', load(storedDraft)],
    ['the confirm page opens with nothing stored', load(null)],
  ];
  if (snapshot.matches({ picking: 'loading' })) return [...availabilityAnswers(context), ...events];
  if (snapshot.matches({ picking: 'ready' })) return [['15 seconds pass', after('availabilityInterval', 'twoDBet.picking.ready')], ...events];
  return [
    ['15 seconds pass', after('availabilityInterval', 'twoDBet.picking.failed')],
    ['they retry loading the grid', { type: 'availability.refresh' }],
    ...events,
  ];
}

function reviewing(context: BetContext): PhrasedEvent[] {
  const { lines, key, error } = context;
  const first = lines[0]?.num ?? '12';
  const submit = key !== null ? 'they submit again (the same request)' : error ? 'they submit again (a new request)' : 'they submit the bet';
  return [
    [`they edit ${first}${pending(context)}`, { type: 'line.edit', num: first }],
    [`they delete ${first}${pending(context)}`, { type: 'line.delete', num: first }],
    [`they go back to add more${pending(context)}`, { type: 'selection.more' }],
    [submit, { type: 'bet.submit' }],
    [`the confirm page reloads with the same selection${pending(context)}`, load(toDraft(lines))],
    ['the selection is gone from storage (placed in another tab)', load(null)],
  ];
}

function editing(context: BetContext): PhrasedEvent[] {
  const edit = context.editing;
  const low = Number(edit?.value) < 100;
  return [
    [`they type 50${pending(context)}`, { type: 'line.amount', value: '50' }],
    [`they type ၁၀၀၀ in Burmese digits${pending(context)}`, { type: 'line.amount', value: '၁၀၀၀' }],
    [(low ? `they save ${edit?.value}, below the minimum` : `they save ${edit?.value}`) + pending(context), { type: 'line.save' }],
    [`they cancel the edit${pending(context)}`, { type: 'line.cancel' }],
  ];
}

function answers({ lines }: BetContext): PhrasedEvent[] {
  const first = lines[0]?.num ?? '12';
  return [
    ['the server places the bet', done('submitBet', { message: 'ထီအောင်မြင်စွာ ထိုးပြီးပါပြီ။' })],
    ['the server places the bet without a message', done('submitBet', { message: '' })],
    [`the server refuses ${first} as over the limit (400)`, failed('submitBet', { ...apiError(400, `Over-limit digits: ${first}`), data: [first] })],
    ['the server refuses: Insufficient Funds (400)', failed('submitBet', apiError(400, 'Insufficient Funds'))],
    ['the server refuses without a message (400)', failed('submitBet', apiError(400, ''))],
    ['the network fails', failed('submitBet', networkDown)],
    ['the server fails (500)', failed('submitBet', apiError(500, 'Bet failed!'))],
  ];
}

function events(snapshot: BetSnapshot): PhrasedEvent[] {
  if (snapshot.matches('picking')) return picking(snapshot);
  if (snapshot.matches({ confirming: 'reviewing' })) return reviewing(snapshot.context);
  if (snapshot.matches({ confirming: 'editing' })) return editing(snapshot.context);
  if (snapshot.matches({ confirming: 'submitting' })) return answers(snapshot.context);
  return [
    ['they open the confirm page again with nothing stored', load(null)],
    ['they open the confirm page with a new stored selection', load(storedDraft)],
  ];
}

export const twoDBetPaths = definePathModel({
  name: 'two-d-bet',
  title: '2D bet: pick, confirm, submit (/2d/bet, /2d/confirm)',
  source: 'src/machines/two-d-bet/two-d-bet.machine.ts',
  machine: twoDBetMachine,
  starts: [
    { name: 'the bet page of the 12:00 PM draw', input: { draft: null, session: 'morning', keySeed } },
    { name: 'the bet page with no draw chosen and a stored selection', input: { draft: storedDraft, keySeed }, maxSteps: 2, arrange: STORED_START },
  ],
  events,
  describeState: describeTwoDScreen,
  setup: TWO_D_SETUP,
  arrange: arrangeTwoD,
});
