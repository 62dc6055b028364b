/**
 * Was the page opened as a Telegram Mini App? Decided from the launch parameters Telegram puts in
 * the URL (or a WebApp object already on the page), without loading the SDK: outside Telegram not
 * a byte of it is fetched.
 */
export function isTelegramLaunch(loc: Pick<Location, 'hash' | 'search'> = location): boolean {
  const params = `${loc.hash} ${loc.search}`;
  if (/[#?&\s]tgWebApp(Data|Platform|Version)=/.test(params)) return true;
  const tg = (globalThis as { Telegram?: { WebApp?: { initData?: string } } }).Telegram;
  if (tg?.WebApp?.initData) return true;
  try {
    // Telegram strips the launch hash on in-app reloads; remember the launch for this tab.
    return sessionStorage.getItem('tgLaunch') === '1';
  } catch {
    return false;
  }
}

export function rememberTelegramLaunch(): void {
  try {
    sessionStorage.setItem('tgLaunch', '1');
  } catch {
    // Not fatal: the next reload simply runs as a normal web page.
  }
}
