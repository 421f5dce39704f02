import { FileInput, Spinner } from '@blueprintjs/core';
import { ImportIcon } from '@blueprintjs/icons';
import { useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Choose a CSV file: drop it on the area or pick it. The same control serves the first step and "choose the fixed
 * file" after a check found errors.
 */
export const FilePicker = ({
  fileName,
  onFile,
  compact = false,
}: {
  fileName?: string;
  onFile: (file: File) => void;
  compact?: boolean;
}) => {
  const { t } = useTranslation('tablesImport');
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <div
      className={`stramien-import__drop${over ? ' stramien-import__drop--over' : ''}${compact ? ' stramien-import__drop--compact' : ''}`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="import-drop"
    >
      {!compact && <ImportIcon size={32} className="bp6-text-muted" />}
      {!compact && <p className="bp6-text-muted">{t('tablesImport.file.drop')}</p>}
      <FileInput
        text={fileName ?? t('tablesImport.file.choose')}
        buttonText={t('tablesImport.file.browse')}
        inputProps={{ accept: '.csv,text/csv', 'aria-label': t('tablesImport.file.choose') }}
        onInputChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // the same file chosen again after a fix still fires a change
          event.currentTarget.value = '';
          if (file) onFile(file);
        }}
        fill
      />
    </div>
  );
};

/** Step 1: what the import reads, and the picker. */
export const FileStep = ({ reading, onFile }: { reading: boolean; onFile: (file: File) => void }) => {
  const { t } = useTranslation('tablesImport');
  return (
    <div data-testid="import-step-file">
      <p>{t('tablesImport.file.help')}</p>
      {reading ? (
        <div className="stramien-import__busy">
          <Spinner size={20} />
          <span>{t('tablesImport.file.reading')}</span>
        </div>
      ) : (
        <FilePicker onFile={onFile} />
      )}
    </div>
  );
};
