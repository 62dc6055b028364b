import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'virtual:uno.css';
import './styles/base.css';
import { App } from './app/App';
import { createLive } from './app/live';
import { initI18n } from './i18n';
import { initTelegram } from './telegram/init';

/** Boot: Telegram (only inside Telegram) → translations → the session → render. */
async function boot() {
  await initTelegram();
  await initI18n();
  const live = createLive();
  live.authActor.start();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App live={live} />
    </StrictMode>,
  );
}

void boot();
