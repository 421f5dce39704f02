import { Button } from '@blueprintjs/core';
import { ImportIcon } from '@blueprintjs/icons';
import type { TableView } from '@stramien/api';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const ImportDialog = lazy(() => import('./ImportDialog').then((module) => ({ default: module.ImportDialog })));

/** "Import" on the records page: opens the import wizard. The page shows it to users who may write the table. */
export const ImportRecordsButton = ({ table }: { table: TableView }) => {
  const { t } = useTranslation('tablesImport');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<ImportIcon />} text={t('tablesImport.open.button')} onClick={() => setOpen(true)} data-testid="import-records" />
      {open && (
        <Suspense fallback={null}>
          <ImportDialog table={table} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
};
