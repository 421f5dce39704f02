import { Button, Callout, ControlGroup, HTMLSelect, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { TEAM_SBS_CODE_MAX } from '@stramien/domain';
import { CrossIcon, DiagramTreeIcon, PlusIcon } from '@blueprintjs/icons';
import { useTranslation } from 'react-i18next';
import { usePermissionRows } from '../usePermissionRows';
import type { TeamTabProps } from './types';

type Access = 'read' | 'write';
interface Row {
  code: string;
  access: Access;
}

const pickSbs = (permissions: { sbs: Row[] }): Row[] => permissions.sbs;

/** SBS permissions: the team's access (read, or also write) per SBS code and everything under it. */
export const SbsTab = ({ project, team, calls }: TeamTabProps) => {
  const { t } = useTranslation('teams');
  const { loading, rows, setRows, save } = usePermissionRows<Row>(project.id, team, pickSbs, (next) =>
    calls.setSbs(
      team.id,
      next.filter((r) => r.code.trim() !== '').map((r) => ({ code: r.code.trim(), access: r.access })),
    ),
  );

  if (loading) return <Spinner size={20} />;
  const set = (index: number, row: Row) => setRows(rows.map((r, i) => (i === index ? row : r)));
  const codes = rows.map((r) => r.code.trim()).filter((c) => c !== '');
  const duplicate = new Set(codes).size !== codes.length;

  return (
    <div className="stramien-teams__tab" data-testid="team-sbs">
      <Callout className="stramien-teams__intro">{t('teams.sbs.intro')}</Callout>
      {rows.length === 0 && <NonIdealState icon={<DiagramTreeIcon size={32} />} title={t('teams.sbs.empty')} />}
      {rows.map((row, index) => (
        <ControlGroup key={index} className="stramien-teams__row">
          <InputGroup
            aria-label={t('teams.sbs.code')}
            placeholder={t('teams.sbs.code')}
            value={row.code}
            maxLength={TEAM_SBS_CODE_MAX}
            onValueChange={(code) => set(index, { ...row, code })}
          />
          <HTMLSelect
            aria-label={t('teams.access.label')}
            value={row.access}
            onChange={(event) => set(index, { ...row, access: event.currentTarget.value as Access })}
            options={[
              { value: 'read', label: t('teams.access.read') },
              { value: 'write', label: t('teams.access.write') },
            ]}
          />
          <Button icon={<CrossIcon />} aria-label={t('teams.sbs.remove')} onClick={() => setRows(rows.filter((_, i) => i !== index))} />
        </ControlGroup>
      ))}
      {duplicate && <p className="stramien-teams__error">{t('teams.sbs.duplicate')}</p>}
      <div className="stramien-teams__buttons">
        <Button icon={<PlusIcon />} text={t('teams.sbs.add')} onClick={() => setRows([...rows, { code: '', access: 'read' }])} />
        <Button
          intent="primary"
          text={t('teams.action.save')}
          disabled={duplicate}
          loading={save.isPending}
          onClick={() => save.mutate(rows)}
        />
      </div>
    </div>
  );
};
