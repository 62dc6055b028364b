/**
 * The start-parameter grammar is part of the contract between the bot's links and the app, so the
 * server and the client read it with the same pure module (no dependencies; see
 * docs/decisions/0009-telegram-client.md).
 */
export { START_PAGES, isStartPayload, parseStartParam, type StartPage, type StartParam } from '../../../src/lib/start-param';
