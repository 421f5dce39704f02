import { HTMLSelect, NonIdealState, SegmentedControl } from '@blueprintjs/core';
import { TimelineBarChartIcon } from '@blueprintjs/icons';
import { Gantt, Willow, type IApi, type IScaleConfig } from '@svar-ui/react-gantt';
import '@svar-ui/react-gantt/all.css';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { QueryState } from '../../shared/QueryState';
import { readCurrentProject } from '../projects/currentProject';
import { scheduleOfBar, toGantt } from './ganttData';
import { ganttQuery } from './queries';
import { useTasksOutlet } from './TasksLayout';
import { useTaskActions } from './useTaskActions';

export const GANTT_ZOOMS = ['day', 'week', 'month'] as const;
export type GanttZoom = (typeof GANTT_ZOOMS)[number];

/** The time scales of a zoom level, their labels in the interface language. */
const scalesOf = (zoom: GanttZoom, language: string): { scales: IScaleConfig[]; cellWidth: number } => {
  const fmt = (options: Intl.DateTimeFormatOptions) => {
    const format = new Intl.DateTimeFormat(language, options);
    return (date: Date) => format.format(date);
  };
  if (zoom === 'day')
    return {
      scales: [
        { unit: 'month', step: 1, format: fmt({ month: 'long', year: 'numeric' }) },
        { unit: 'day', step: 1, format: fmt({ day: 'numeric' }) },
      ],
      cellWidth: 36,
    };
  if (zoom === 'week')
    return {
      scales: [
        { unit: 'month', step: 1, format: fmt({ month: 'long', year: 'numeric' }) },
        { unit: 'week', step: 1, format: fmt({ day: 'numeric', month: 'short' }) },
      ],
      cellWidth: 90,
    };
  return {
    scales: [
      { unit: 'year', step: 1, format: fmt({ year: 'numeric' }) },
      { unit: 'month', step: 1, format: fmt({ month: 'short' }) },
    ],
    cellWidth: 110,
  };
};

/**
 * /tasks/gantt — a project's tasks on a timeline (SVAR Gantt, virtualized): bars from planned start to due, parents
 * rolled up over their children, predecessor -> successor arrows; dragging or resizing a bar is one PUT of its
 * planned start and due. Zoom by day, week or month.
 */
export const TaskGanttPage = () => {
  const { t, i18n } = useTranslation('tasks');
  const navigate = useNavigate();
  const { projects, projectName } = useTasksOutlet();
  const mine = projects.filter((p) => p.is_member || p.is_projectadmin);
  const remembered = readCurrentProject()?.id;
  const [chosen, setChosen] = useState<string | null>(null);
  const projectId = chosen ?? (mine.find((p) => p.id === remembered) ?? mine[0])?.id ?? null;
  const [zoom, setZoom] = useState<GanttZoom>('week');
  const data = useQuery({ ...ganttQuery(projectId ?? ''), enabled: !!projectId });
  const gantt = useMemo(() => toGantt(data.data ?? []), [data.data]);
  const { scales, cellWidth } = useMemo(() => scalesOf(zoom, i18n.language), [zoom, i18n.language]);
  const actions = useTaskActions();
  const actionsRef = useRef(actions);
  actionsRef.current = actions;

  const init = useCallback(
    (api: IApi) => {
      // one command per finished drag or resize; summaries follow their children, arrows and the editor stay read-only
      api.intercept('drag-task', (ev) => api.getTask(ev.id)?.type !== 'summary');
      api.intercept('add-link', () => false);
      api.intercept('delete-link', () => false);
      api.intercept('show-editor', (ev: { id?: string | number }) => {
        if (ev.id) void navigate(`/tasks/${String(ev.id)}`);
        return false;
      });
      api.on('update-task', (ev) => {
        if (ev.inProgress || ev.diff === undefined || ev.diff === 0) return;
        const bar = api.getTask(ev.id);
        if (!bar?.start || !bar.end || bar.type === 'summary') return;
        void actionsRef.current.update(String(ev.id), scheduleOfBar(bar.start, bar.end));
      });
    },
    [navigate],
  );

  if (mine.length === 0) return <NonIdealState icon={<TimelineBarChartIcon size={48} />} title={t('tasks.list.empty')} />;
  return (
    <div className="stramien-task-gantt">
      <div className="stramien-tasks__toolbar">
        <HTMLSelect
          aria-label={t('tasks.column.project')}
          value={projectId ?? ''}
          onChange={(e) => setChosen(e.currentTarget.value)}
          options={mine.map((p) => ({ value: p.id, label: projectName(p.id) }))}
        />
        <SegmentedControl
          aria-label={t('tasks.gantt.zoom')}
          value={zoom}
          onValueChange={(value) => setZoom(value as GanttZoom)}
          options={GANTT_ZOOMS.map((value) => ({ value, label: t(`tasks.gantt.zoom-${value}`) }))}
          data-testid="gantt-zoom"
        />
        {gantt.undated > 0 && <span className="bp6-text-muted">{t('tasks.gantt.undated', { count: gantt.undated })}</span>}
      </div>
      <QueryState
        query={data}
        empty={<NonIdealState icon={<TimelineBarChartIcon size={48} />} title={t('tasks.list.empty')} />}
        isEmpty={() => gantt.bars.length === 0}
      >
        <div className="stramien-task-gantt__chart" data-testid="task-gantt">
          <Willow fonts={false}>
            <Gantt
              key={projectId}
              init={init}
              tasks={gantt.bars}
              links={gantt.links}
              scales={scales}
              cellWidth={cellWidth}
              cellHeight={34}
              columns={[{ id: 'text', header: t('tasks.column.title'), flexgrow: 1 }]}
            />
          </Willow>
        </div>
      </QueryState>
    </div>
  );
};
