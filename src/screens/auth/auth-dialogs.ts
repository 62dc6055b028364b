/** The two auth dialogs, one chunk fetched when a guest first opens either (or reaches for it). */
export { LoginDialog } from './LoginDialog';
export { RegisterDialog } from './RegisterDialog';
