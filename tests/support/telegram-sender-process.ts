/**
 * A sender in a process of its own (tests/server/telegram-sender-processes.test.ts): what a server
 * process runs, on a PostgreSQL database and a stand-in Bot API. Prints "ready" once started;
 * SIGTERM stops it cleanly (printing "sent <n>": how many this process delivered), SIGKILL is the crash under test.
 * SIGTERM also prints "fanned <n>": the fan-out chunks this process wrote.
 *   SENDER_DB_URL  SENDER_API_BASE  SENDER_RATE (29)  SENDER_TIMEOUT_MS (60000)  SENDER_FANOUT_CHUNK (500)
 */
import { openPostgres } from '../../server/db/client';
import { OUTBOX_CHANNEL } from '../../server/domain/telegram/outbox';
import { startTelegramSender } from '../../server/domain/telegram/sender';
import { grammyTransport } from '../../server/domain/telegram/transport';

const database = await openPostgres(process.env.SENDER_DB_URL!, 5);
let sent = 0;
let fanned = 0;
const sender = startTelegramSender({
  db: database.db,
  wake: database.channel(OUTBOX_CHANNEL),
  transport: grammyTransport({ base: process.env.SENDER_API_BASE!, token: '7000000003:AAH-process-test', appUrl: 'https://play.example.com', timeoutSeconds: 5 }),
  pace: { rate: Number(process.env.SENDER_RATE ?? 29) },
  pollMs: 100,
  sendingTimeoutMs: Number(process.env.SENDER_TIMEOUT_MS ?? 60_000),
  onOutcome: (_row, outcome) => void (outcome.kind === 'sent' && sent++),
  fanoutChunk: Number(process.env.SENDER_FANOUT_CHUNK ?? 500),
  onFanout: () => void fanned++,
});
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void sender.stop().then(async () => {
    process.stdout.write(`sent ${sent}\nfanned ${fanned}\n`);
    await database.close();
    process.exit(0);
  });
});
