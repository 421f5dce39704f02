import { Card, H4, HTMLTable } from '@blueprintjs/core';
import type { SbsNodeView } from '@stramien/api';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/QueryState';
import { useDateFormat } from '../../../shared/dates';
import { sbsHistoryQuery } from '../queries';

/** One node: its fields and its history (who changed what when). */
export const SbsNodeDetail = ({ projectId, node }: { projectId: string; node: SbsNodeView }) => {
  const { t } = useTranslation('sbs');
  const { dateTime } = useDateFormat();
  const history = useQuery(sbsHistoryQuery(projectId, node.id));
  const field = (name: 'code' | 'label' | 'parent_code') => t(`sbs.field.${name === 'parent_code' ? 'parent' : name}`);
  return (
    <Card className="stramien-sbs__detail" data-testid="sbs-detail">
      <H4>
        {node.code} <span className="bp6-text-muted">{node.label}</span>
      </H4>
      <dl className="stramien-sbs__fields">
        <dt>{t('sbs.field.code')}</dt>
        <dd>{node.code}</dd>
        <dt>{t('sbs.field.label')}</dt>
        <dd>{node.label || '—'}</dd>
        <dt>{t('sbs.field.parent')}</dt>
        <dd>{node.parent_code ?? '—'}</dd>
      </dl>
      <H4>{t('sbs.history.title')}</H4>
      <QueryState query={history} empty={<p className="bp6-text-muted">{t('sbs.history.empty')}</p>}>
        {(entries) => (
          <HTMLTable compact striped className="stramien-sbs__history" data-testid="sbs-history">
            <thead>
              <tr>
                <th>{t('sbs.history.when')}</th>
                <th>{t('sbs.history.who')}</th>
                <th>{t('sbs.history.what')}</th>
              </tr>
            </thead>
            <tbody>
              {[...entries].reverse().map((entry) => (
                <tr key={entry.position}>
                  <td>{dateTime(entry.at)}</td>
                  <td>{entry.user.name}</td>
                  <td>
                    <div>{t(`sbs.history.op-${entry.op}`)}</div>
                    {entry.changes.map((c) => (
                      <div key={c.field} className="bp6-text-small">
                        {t('sbs.history.change', { field: field(c.field), from: c.from ?? '—', to: c.to ?? '—' })}
                      </div>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </QueryState>
    </Card>
  );
};
