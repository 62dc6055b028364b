import { useActorRef } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import type { Report, ReportRange } from '../../api/admin';
import { useView } from '../../app/use-view';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { connectConsoleAction, type ConsoleActionView } from '../../machines/console-action/console-action.connect';
import { connectResource } from '../../machines/resource/resource.connect';
import { useConsole } from '../context';
import { saveBlob, yangonToday } from '../download';
import '../reports.css';
import { Loaded, type ResourceActor } from './Loaded';
import { AgentTable, FamilyTable } from './ReportTables';

function Tables({ range }: { range: ReportRange }) {
  const { admin, resource } = useConsole();
  const actor: ResourceActor = useActorRef(resource(() => admin.report(range)));
  const report = useView(actor, connectResource<Report>);
  return (
    <Loaded view={report}>
      {report.data ? (
        <>
          <FamilyTable report={report.data} />
          <AgentTable report={report.data} />
        </>
      ) : null}
    </Loaded>
  );
}

/** The range form: Show reads the tables again, Download saves the same range as a CSV file. */
function RangeForm({ range, onShow, download }: { range: ReportRange; onShow: (range: ReportRange) => void; download: ConsoleActionView<ReportRange> }) {
  const { t } = useTranslation();
  const show = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const from = String(form.get('from') ?? '');
    const to = String(form.get('to') ?? '') || from;
    if (from) onShow({ from, to });
  };
  return (
    <form className="kc-range" onSubmit={show}>
      <Field label={t('admin.reportFrom')} name="from" type="date" defaultValue={range.from} required />
      <Field label={t('admin.reportTo')} name="to" type="date" defaultValue={range.to} required />
      <Button type="submit">{t('admin.reportShow')}</Button>
      <Button type="button" variant="outline" busy={download.busy} onClick={() => download.run(range)}>
        {t('admin.reportDownload')}
      </Button>
    </form>
  );
}

/** Reports: a range of Yangon days, the two daily tables with totals, and the same as a CSV file. */
export function ReportsScreen() {
  const { t } = useTranslation();
  const { admin, action } = useConsole();
  const [range, setRange] = useState<ReportRange>(() => ({ from: yangonToday(), to: yangonToday() }));
  const actor = useActorRef(
    action<ReportRange>(
      async (r) => {
        const file = await admin.reportCsv(r);
        saveBlob(file.blob, file.fileName);
      },
      // The file's name; the words around it follow the language when shown (below).
      (r) => `kyatplay-report-${r.from}-to-${r.to}.csv`,
    ),
  );
  const download = useView(actor, connectConsoleAction<ReportRange>);
  const result = download.result;
  return (
    <div className="kc-page">
      <div className="kc-page-head">
        <h1 className="kc-h1">{t('admin.navReports')}</h1>
      </div>
      <section className="card kc-pad kc-stack" aria-label={t('admin.navReports')}>
        <RangeForm range={range} onShow={setRange} download={download} />
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
