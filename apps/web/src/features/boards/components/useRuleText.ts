import type { Label } from '@stramien/api';
import type { LaneRule } from '@stramien/domain';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../identity/session/useSession';

/** A lane's rule in words: 'Status: Closed', 'User: Me' or the user's name, 'Label: ' and its title, 'Manual'. */
export const useRuleText = (labels: Map<string, Label>, people: Map<string, string>) => {
  const { t } = useTranslation('boards');
  const { user } = useSession();
  return (rule: LaneRule): string => {
    switch (rule.kind) {
      case 'status':
        return `${t('boards.lane-dialog.status')}: ${t(`boards.status.${rule.status}`)}`;
      case 'assignee':
        return `${t('boards.lane-dialog.user')}: ${rule.userId === user.id ? t('boards.lane-dialog.me') : (people.get(rule.userId) ?? '…')}`;
      case 'label':
        return `${t('boards.lane-dialog.label')}: ${labels.get(rule.labelId)?.title ?? '…'}`;
      case 'manual':
        return t('boards.rule.manual');
    }
  };
};
