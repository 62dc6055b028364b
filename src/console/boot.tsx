import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './console.css';
import { initI18n } from '../i18n';
import { ConsoleApp } from './ConsoleApp';
import { createConsoleLive } from './live';
import { loadConsoleStrings } from './strings';

/**
 * The operator console's boot (/admin, from src/main.tsx): no Telegram, no player session or
 * landing: translations (the operator's stored language) → the session → render.
 */
export async function bootConsole(): Promise<void> {
  await initI18n();
  await loadConsoleStrings();
  const live = createConsoleLive();
  live.sessionActor.start();
  const root = document.getElementById('root')!;
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <ConsoleApp live={live} />
    </StrictMode>,
  );
}
