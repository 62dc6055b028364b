import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { Report, ReportRange } from '../../api/admin';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import type { consoleActionMachine } from '../../machines/console-action/console-action.machine';
import { selectActionBusy, selectActionResult } from '../../machines/console-action/console-action.selectors';
import { useConsole } from '../context';
import { saveBlob, yangonToday } from '../download';
import '../reports.css';
import { Loaded, type ResourceActor } from './Loaded';
import { AgentTable, FamilyTable } from './ReportTables';

type ActionActor = ActorRefFrom<typeof consoleActionMachine>;

function Tables({ range }: { range: ReportRange }) {
  const { admin, resource } = useConsole();
  const actor: ResourceActor = useActorRef(resource(() => admin.report(range)));
  const report = useSelector(actor, (s) => s.context.data as Report | null);
  return (
    <Loaded actor={actor}>
      {report ? (
        <>
          <FamilyTable report={report} />
          <AgentTable report={report} />
        </>
      ) : null}
    </Loaded>
  );
}

/** Reports: a range of Yangon days, the two daily tables with totals, and the same as a CSV file. */
export function ReportsScreen() {
  const { t } = useTranslation();
  const { admin, action } = useConsole();
  const [range, setRange] = useState<ReportRange>(() => ({ from: yangonToday(), to: yangonToday() }));
  const download: ActionActor = useActorRef(
    action<ReportRange>(
      async (r) => {
        const file = await admin.reportCsv(r);
        saveBlob(file.blob, file.fileName);
      },
      // The file's name; the words around it follow the language when shown (below).
      (r) => `kyatplay-report-${r.from}-to-${r.to}.csv`,
    ),
  );
  const busy = useSelector(download, selectActionBusy);
  const result = useSelector(download, selectActionResult);
  const show = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const from = String(form.get('from') ?? '');
    const to = String(form.get('to') ?? '') || from;
    if (from) setRange({ from, to });
  };
  return (
    <div className="kc-page">
      <div className="kc-page-head">
        <h1 className="kc-h1">{t('admin.navReports')}</h1>
      </div>
      <section className="card kc-pad kc-stack" aria-label={t('admin.navReports')}>
        <form className="kc-range" onSubmit={show}>
          <Field label={t('admin.reportFrom')} name="from" type="date" defaultValue={range.from} required />
          <Field label={t('admin.reportTo')} name="to" type="date" defaultValue={range.to} required />
          <Button type="submit">{t('admin.reportShow')}</Button>
          <Button type="button" variant="outline" busy={busy} onClick={() => download.send({ type: 'action.run', request: range })}>
            {t('admin.reportDownload')}
          </Button>
        </form>
        <p className="kc-muted kc-small">{t('admin.reportRangeHint')}</p>
        {result ? (
          <p className={result.ok ? 'kc-good' : 'kc-bad'} role="status">
            {result.ok ? t('admin.reportDownloaded', { file: result.message }) : result.message}
          </p>
        ) : null}
      </section>
      <Tables key={`${range.from}/${range.to}`} range={range} />
    </div>
  );
}
