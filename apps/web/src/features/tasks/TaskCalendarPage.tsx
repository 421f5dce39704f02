import { Switch } from '@blueprintjs/core';
import type { DatesSetArg, EventDropArg, EventInput } from '@fullcalendar/core';
import deLocale from '@fullcalendar/core/locales/de';
import nlLocale from '@fullcalendar/core/locales/nl';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isoDay } from './ganttData';
import { taskPageQuery, type TaskListParams } from './queries';
import { useTaskActions } from './useTaskActions';

const STATUS_COLOURS = { open: '#2e8be8', closed: '#238551', canceled: '#8f99a8' } as const;
const PLUGINS = [dayGridPlugin, interactionPlugin];
const LOCALES = [nlLocale, deLocale];
const TOOLBAR = { left: 'prev,next today', center: 'title', right: 'dayGridMonth,dayGridWeek' };

/** The due-date range of the visible weeks as the list query's column filters. */
export const dueRangeParams = (start: string, end: string, mine: boolean): TaskListParams => ({
  query: { sort: 'due', ...(mine ? { 'filter[assigned_to]': 'me' as const } : {}) },
  filters: [
    { column: 'due', operator: '>=', values: [start] },
    { column: 'due', operator: '<', values: [end] },
  ],
});

/**
 * /tasks/calendar — tasks on their due date, a month or a week at a time (FullCalendar); dragging a task to another
 * day changes its due date (one PUT), and a refusal puts it back.
 */
export const TaskCalendarPage = () => {
  const { t, i18n } = useTranslation('tasks');
  const navigate = useNavigate();
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const [mine, setMine] = useState(false);
  const params = range ? dueRangeParams(range.start, range.end, mine) : null;
  const tasks = useQuery({ ...taskPageQuery(params ?? { query: {} }), enabled: !!params });
  const actions = useTaskActions();
  const events = useMemo<EventInput[]>(
    () =>
      (tasks.data?.data ?? []).map((task) => ({
        id: task.id,
        title: `#${task.number} ${task.title}`,
        start: task.due!.slice(0, 10),
        allDay: true,
        color: STATUS_COLOURS[task.status],
        editable: task.status === 'open',
        classNames: [`stramien-task-event--${task.status}`],
      })),
    [tasks.data],
  );

  // FullCalendar reports the visible range after every render: only a different range is a new query
  const datesSet = useCallback((arg: DatesSetArg) => {
    const next = { start: isoDay(arg.start), end: isoDay(arg.end) };
    setRange((held) => (held?.start === next.start && held.end === next.end ? held : next));
  }, []);

  const drop = async (info: EventDropArg) => {
    const day = info.event.start ? isoDay(info.event.start) : null;
    if (!day) return info.revert();
    const done = await actions.update(info.event.id, { due: day });
    if (!done) info.revert();
  };

  return (
    <div className="stramien-task-calendar" data-testid="task-calendar">
      <div className="stramien-tasks__toolbar">
        <Switch label={t('tasks.list.mine')} checked={mine} onChange={(e) => setMine(e.currentTarget.checked)} />
      </div>
      <FullCalendar
        plugins={PLUGINS}
        initialView="dayGridMonth"
        locales={LOCALES}
        locale={i18n.language}
        headerToolbar={TOOLBAR}
        height="auto"
        editable
        eventDurationEditable={false}
        events={events}
        datesSet={datesSet}
        eventDrop={(info) => void drop(info)}
        eventClick={(info) => void navigate(`/tasks/${info.event.id}`)}
      />
    </div>
  );
};
