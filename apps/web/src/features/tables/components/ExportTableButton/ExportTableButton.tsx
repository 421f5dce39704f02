import { Button } from '@blueprintjs/core';
import { CaretDownIcon, ExportIcon } from '@blueprintjs/icons';
import { TABLE_EXPORT_FORMATS, type TableExportFormat, type TableQueryBody } from '@stramien/api';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverMessage } from '../../../../shared/apiErrors';
import { Menu, MenuItem, MenuPopover } from '../../../../shared/menuParts';
import { serverText } from '../../../../shared/serverText';
import { showToast } from '../../../../shared/toaster';
import { tableCalls } from '../../queries';
import { useTable } from '../../TableLayout';

export interface ExportTableButtonProps {
  /** the query's conditions and sort at the moment of the click; absent: every record */
  query?: () => Omit<TableQueryBody, 'limit' | 'offset'> | null;
}

/**
 * Exports the table's records (all, or those the query finds) in the background, as one of the formats the server
 * offers; the server's message says where the file comes ("… downloads page").
 */
export const ExportTableButton = ({ query }: ExportTableButtonProps) => {
  const { t } = useTranslation('tables');
  const table = useTable();
  const start = useMutation({
    mutationFn: ({ body, format }: { body: Omit<TableQueryBody, 'limit' | 'offset'>; format: TableExportFormat }) =>
      tableCalls.exportTable(table.project.id, table.id, body, format),
    onSuccess: (answer) => showToast({ intent: 'success', message: serverText(answer.message) }),
    onError: (error) => showToast({ intent: 'danger', message: serverMessage(error) ?? t('tables.export.failed') }),
  });
  const run = (format: TableExportFormat) => {
    const body = query ? query() : {};
    if (body) start.mutate({ body, format });
  };
  return (
    <MenuPopover
      placement="bottom-end"
      content={
        <Menu aria-label={t('tables.export.title')}>
          {TABLE_EXPORT_FORMATS.map((format) => (
            <MenuItem key={format} text={format.toUpperCase()} onClick={() => run(format)} data-testid={`export-${format}`} />
          ))}
        </Menu>
      }
    >
      <Button
        icon={<ExportIcon />}
        endIcon={<CaretDownIcon />}
        text={t('tables.export.title')}
        loading={start.isPending}
        data-testid="export-table"
      />
    </MenuPopover>
  );
};
