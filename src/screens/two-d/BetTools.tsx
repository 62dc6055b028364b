import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Icon } from '../../../shared/components/Icon';
import { EntryBox } from './EntryBox';
import { ShortcutsPanel } from './ShortcutsPanel';

type Tool = 'quick' | 'entry';

/**
 * Quick picks and typed entry. On a phone they sit above the 00–99 grid behind two toggles (one
 * open at a time), so neither is a scroll past all 100 numbers away and the grid stays on the
 * first screen; on wide screens both are always open in the column beside the grid.
 */
export function BetTools({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Tool | null>(null);
  const toggle = (tool: Tool) => setOpen((current) => (current === tool ? null : tool));
  const shown = (tool: Tool) => (open === tool ? '' : 'hidden lg:block');

  return (
    <div className="flex flex-col gap-3 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:gap-4">
      <div className="grid grid-cols-2 gap-2 lg:hidden">
        <ToolToggle tool="quick" open={open === 'quick'} onToggle={toggle} icon="grid" label={t('two_d.quickPick')} />
        <ToolToggle tool="entry" open={open === 'entry'} onToggle={toggle} icon="pencil" label={t('two_d.entry')} />
      </div>
      <div id="bet-tool-quick" className={shown('quick')}>
        <ShortcutsPanel />
      </div>
      <div id="bet-tool-entry" className={shown('entry')}>
        <EntryBox disabled={disabled} />
      </div>
    </div>
  );
}

interface ToggleProps {
  tool: Tool;
  open: boolean;
  onToggle: (tool: Tool) => void;
  icon: 'grid' | 'pencil';
  label: string;
}

function ToolToggle({ tool, open, onToggle, icon, label }: ToggleProps) {
  return (
    <button
      type="button"
      className={`btn-ghost min-w-0 justify-between border px-3 ${open ? 'border-primary bg-raised text-primary' : 'border-line bg-surface'}`}
      aria-expanded={open}
      aria-controls={`bet-tool-${tool}`}
      onClick={() => onToggle(tool)}
    >
      <span className="flex min-w-0 items-center gap-2 py-1 text-left leading-tight">
        <Icon name={icon} size={18} className="shrink-0" />
        {label}
      </span>
      <Icon name="chevronRight" size={18} className={`shrink-0 transition-transform duration-150 ${open ? '-rotate-90' : 'rotate-90'}`} />
    </button>
  );
}
