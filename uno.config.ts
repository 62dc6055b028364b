import { defineConfig, presetWind3 } from 'unocss';

/**
 * Every colour is a CSS variable (defined in src/styles/tokens.css) so that Telegram's theme
 * params can override them at runtime (src/telegram/theme.ts). Never write a literal colour in a
 * class: add a token.
 */
const token = (name: string) => `var(--kp-${name})`;

export default defineConfig({
  // The operator console (src/console) styles itself with its own sheet on these tokens: its
  // markup adds no utilities to the player's CSS (docs/decisions/0020-operator-console.md).
  content: { pipeline: { exclude: [/\.(css|postcss|sass|scss|less|stylus|styl)($|\?)/, /[\\/]src[\\/]console[\\/]/] } },
  presets: [presetWind3({ preflight: 'on-demand' })],
  theme: {
    colors: {
      bg: token('bg'),
      surface: token('surface'),
      raised: token('raised'),
      line: token('line'),
      fg: token('fg'),
      muted: token('muted'),
      primary: token('primary'),
      'on-primary': token('on-primary'),
      money: token('money'),
      win: token('win'),
      loss: token('loss'),
      pending: token('pending'),
      link: token('link'),
      silver: token('silver'),
      bronze: token('bronze'),
      scrim: token('scrim'),
      focus: token('focus'),
    },
    fontFamily: {
      sans: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Noto Sans Myanmar", Padauk, "Myanmar Text", Pyidaungsu, sans-serif',
    },
    breakpoints: { sm: '640px', md: '768px', lg: '1024px', xl: '1280px' },
  },
  shortcuts: {
    // Layout
    container: 'mx-auto w-full max-w-[1200px] px-4 md:px-6',
    card: 'rounded-2xl bg-surface border border-line',
    // Touch targets: every control is at least 44px tall.
    btn: 'inline-flex items-center justify-center gap-2 min-h-11 px-4 rounded-xl font-semibold text-sm select-none transition-colors duration-150 disabled:opacity-60 disabled:cursor-not-allowed',
    'btn-primary': 'btn bg-primary text-on-primary hover:brightness-110',
    'btn-outline': 'btn border border-primary text-primary bg-transparent hover:bg-raised',
    'btn-ghost': 'btn bg-transparent text-fg hover:bg-raised',
    'icon-btn': 'inline-flex items-center justify-center w-11 h-11 rounded-xl text-fg hover:bg-raised transition-colors duration-150',
    field: 'block w-full min-h-11 rounded-xl bg-bg border border-line px-3 text-fg placeholder:text-muted',
    label: 'block text-sm font-medium text-fg mb-1.5',
    'field-error': 'mt-1 text-sm text-loss',
    money: 'tabular-nums text-money font-semibold',
  },
});
