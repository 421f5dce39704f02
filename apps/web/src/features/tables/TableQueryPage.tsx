import { Button, Callout, Card, H4, HTMLSelect, HTMLTable, InputGroup, NonIdealState, SegmentedControl } from '@blueprintjs/core';
import { AddIcon, CrossIcon, SearchIcon } from '@blueprintjs/icons';
import {
  OPERATORS_BY_COLUMN_TYPE,
  VALUELESS_OPERATORS,
  type ColumnView,
  type RecordsPage,
  type TableQueryBody,
  type TableQueryOperator,
} from '@stramien/api';
import type { CellValue } from '@stramien/domain';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../shared/apiErrors';
import { checkCell } from './cellValues';
import { CellText } from './components/CellText/CellText';
import { ExportTableButton } from './components/ExportTableButton/ExportTableButton';
import { runTableQuery } from './queries';
import { useTable } from './TableLayout';

type Match = 'AND' | 'OR';
interface Condition {
  column: string;
  operator: TableQueryOperator | '';
  value: string;
}
interface Group {
  match: Match;
  conditions: Condition[];
}

const newCondition = (): Condition => ({ column: '', operator: '', value: '' });
const newGroup = (): Group => ({ match: 'AND', conditions: [newCondition()] });

/** The typed value of a condition: a list for `in` (comma separated), a pair for `between` (`low..high`). */
export const conditionValue = (
  column: ColumnView,
  operator: TableQueryOperator,
  raw: string,
): { value?: CellValue | CellValue[]; error?: string } => {
  if (VALUELESS_OPERATORS.includes(operator)) return {};
  const parts = operator === 'in' ? raw.split(',') : operator === 'between' ? raw.split('..') : [raw];
  const values: CellValue[] = [];
  for (const part of parts) {
    const checked = checkCell(column, part.trim());
    if (!checked.ok) return { error: checked.message };
    values.push(checked.value);
  }
  return { value: operator === 'in' || operator === 'between' ? values : (values[0] ?? null) };
};

/**
 * /project/:slug/tables/:tableId/query — the query builder: groups of {column, operator, value} joined by AND or OR;
 * the operators offered fit the column's type, and a condition counts only when operator and value are both set
 * (spec 2 §5), so a half-filled line is left out rather than refused.
 */
export const TableQueryPage = () => {
  const { t } = useTranslation('tables');
  const table = useTable();
  const columns = [...table.columns].sort((a, b) => a.position - b.position);
  const [match, setMatch] = useState<Match>('AND');
  const [groups, setGroups] = useState<Group[]>([newGroup()]);
  const [invalid, setInvalid] = useState<string | null>(null);
  const run = useMutation({ mutationFn: (body: TableQueryBody) => runTableQuery(table.project.id, table.id, body) });

  const setGroup = (index: number, change: (group: Group) => Group) =>
    setGroups((held) => held.map((g, i) => (i === index ? change(g) : g)));
  const setCondition = (gi: number, ci: number, change: Partial<Condition>) =>
    setGroup(gi, (g) => ({ ...g, conditions: g.conditions.map((c, i) => (i === ci ? { ...c, ...change } : c)) }));

  /** The query's body from the lines that count (spec 2 §5); null (and the reason shown) when a value is wrong. */
  const build = (): TableQueryBody | null => {
    const body: TableQueryBody = { match, conditions: [] };
    for (const group of groups) {
      const conditions: NonNullable<TableQueryBody['conditions']>[number]['conditions'] = [];
      for (const condition of group.conditions) {
        const column = columns.find((c) => c.id === condition.column);
        if (!column || !condition.operator) continue;
        const valueless = VALUELESS_OPERATORS.includes(condition.operator);
        if (!valueless && condition.value.trim() === '') continue;
        const typed = conditionValue(column, condition.operator, condition.value);
        if (typed.error) {
          setInvalid(`${column.name}: ${typed.error}`);
          return null;
        }
        conditions.push({ column: column.id, operator: condition.operator, ...(valueless ? {} : { value: typed.value }) });
      }
      if (conditions.length > 0) body.conditions!.push({ match: group.match, conditions });
    }
    setInvalid(null);
    return body;
  };
  const submit = () => {
    const body = build();
    if (body) run.mutate({ ...body, limit: 100 });
  };

  return (
    <div className="stramien-table-query" data-testid="table-query">
      <Card className="stramien-table-settings__card">
        <div className="stramien-tables__toolbar">
          <H4>{t('tables.query.title')}</H4>
          <SegmentedControl
            size="small"
            value={match}
            onValueChange={(value) => setMatch(value as Match)}
            options={[
              { value: 'AND', label: t('tables.query.all-groups') },
              { value: 'OR', label: t('tables.query.any-group') },
            ]}
          />
        </div>
        {groups.map((group, gi) => (
          <fieldset key={gi} className="stramien-table-query__group" data-testid="query-group">
            <legend>
              <HTMLSelect
                aria-label={t('tables.query.group-match')}
                value={group.match}
                onChange={(e) => {
                  // read while the event is dispatched: React may run the updater later, when currentTarget is null
                  const match = e.currentTarget.value as Match;
                  setGroup(gi, (g) => ({ ...g, match }));
                }}
                options={[
                  { value: 'AND', label: t('tables.query.all') },
                  { value: 'OR', label: t('tables.query.any') },
                ]}
              />
            </legend>
            {group.conditions.map((condition, ci) => {
              const column = columns.find((c) => c.id === condition.column);
              const operators = column ? (OPERATORS_BY_COLUMN_TYPE[column.type] ?? []) : [];
              return (
                <div key={ci} className="stramien-table-query__condition" data-testid="query-condition">
                  <HTMLSelect
                    aria-label={t('tables.query.column')}
                    value={condition.column}
                    onChange={(e) => setCondition(gi, ci, { column: e.currentTarget.value, operator: '', value: '' })}
                    options={[
                      { value: '', label: t('tables.query.choose-column') },
                      ...columns.map((c) => ({ value: c.id, label: c.name })),
                    ]}
                  />
                  <HTMLSelect
                    aria-label={t('tables.query.operator')}
                    value={condition.operator}
                    disabled={!column}
                    onChange={(e) => setCondition(gi, ci, { operator: e.currentTarget.value as TableQueryOperator })}
                    options={[
                      { value: '', label: t('tables.query.choose-operator') },
                      ...operators.map((o) => ({
                        value: o,
                        label: t(`tables.operator.${o.replace('_', '-')}` as 'tables.operator.equals'),
                      })),
                    ]}
                  />
                  {condition.operator && !VALUELESS_OPERATORS.includes(condition.operator) && (
                    <InputGroup
                      aria-label={t('tables.query.value')}
                      placeholder={
                        condition.operator === 'in'
                          ? t('tables.query.list-hint')
                          : condition.operator === 'between'
                            ? t('tables.query.between-hint')
                            : ''
                      }
                      value={condition.value}
                      onValueChange={(value) => setCondition(gi, ci, { value })}
                    />
                  )}
                  <Button
                    variant="minimal"
                    icon={<CrossIcon />}
                    aria-label={t('tables.query.remove-condition')}
                    onClick={() => setGroup(gi, (g) => ({ ...g, conditions: g.conditions.filter((_, i) => i !== ci) }))}
                  />
                </div>
              );
            })}
            <Button
              variant="minimal"
              size="small"
              icon={<AddIcon />}
              text={t('tables.query.add-condition')}
              onClick={() => setGroup(gi, (g) => ({ ...g, conditions: [...g.conditions, newCondition()] }))}
            />
          </fieldset>
        ))}
        <div className="stramien-tables__toolbar">
          <Button icon={<AddIcon />} text={t('tables.query.add-group')} onClick={() => setGroups((held) => [...held, newGroup()])} />
          <Button
            intent="primary"
            icon={<SearchIcon />}
            text={t('tables.query.run')}
            loading={run.isPending}
            onClick={submit}
            data-testid="query-run"
          />
          <ExportTableButton query={build} />
        </div>
        {(invalid ?? (run.error ? serverMessage(run.error) : null)) && (
          <Callout intent="danger" compact>
            {invalid ?? serverMessage(run.error)}
          </Callout>
        )}
      </Card>
      {run.data && <QueryResults page={run.data} />}
    </div>
  );
};

const QueryResults = ({ page }: { page: RecordsPage }) => {
  const { t } = useTranslation('tables');
  const columns = [...page.columns].sort((a, b) => a.position - b.position);
  if (page.data.length === 0) return <NonIdealState icon={<SearchIcon size={32} />} title={t('tables.query.no-results')} />;
  return (
    <Card className="stramien-table-settings__card" data-testid="query-results">
      <p className="bp6-text-muted">{t('tables.query.results', { count: page.count_capped ? `${page.count}+` : page.count })}</p>
      <HTMLTable compact striped className="stramien-table-settings__table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th scope="col" key={c.id}>
                {c.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {page.data.map((record) => (
            <tr key={record.id} data-testid="query-result">
              {columns.map((c) => (
                <td key={c.id}>
                  <CellText column={c} value={record.values[c.id] ?? null} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </Card>
  );
};
