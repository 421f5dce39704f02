import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../../app/AppProviders';
import { changeLanguage } from '../../../../shared/i18n';
import { formatDateTime } from '../../../../shared/dates';
import { createQueryClient } from '../../../../shared/queryClient';
import { AsOfBanner } from './AsOfBanner';

const at = '2026-11-20T09:30:00.000Z';
const renderBanner = (revisionName: string | null = null) => {
  const onBackToNow = vi.fn();
  render(
    <AppProviders queryClient={createQueryClient()}>
      <AsOfBanner at={at} revisionName={revisionName} onBackToNow={onBackToNow} />
    </AppProviders>,
  );
  return { onBackToNow };
};

afterEach(async () => changeLanguage('en'));

describe('AsOfBanner', () => {
  it('says which moment the table shows, that it is read-only, and leads back to now', () => {
    const { onBackToNow } = renderBanner('Oplevering fase 1');
    const banner = screen.getByTestId('as-of-banner');
    expect(banner.textContent).toContain(`You are viewing the table as of ${formatDateTime(at, 'en')}`);
    expect(banner.textContent).toContain('(revision Oplevering fase 1)');
    expect(banner.textContent).toContain('cannot be changed');
    fireEvent.click(screen.getByRole('button', { name: 'Back to now' }));
    expect(onBackToNow).toHaveBeenCalledOnce();
  });

  it('speaks Dutch and German, with the moment in that language', async () => {
    await changeLanguage('nl');
    const { unmount } = render(
      <AppProviders queryClient={createQueryClient()}>
        <AsOfBanner at={at} onBackToNow={() => {}} />
      </AppProviders>,
    );
    expect(screen.getByTestId('as-of-banner').textContent).toContain(`U bekijkt de tabel zoals die was op ${formatDateTime(at, 'nl')}`);
    expect(screen.getByRole('button', { name: 'Terug naar nu' })).toBeTruthy();
    unmount();
    await changeLanguage('de');
    render(
      <AppProviders queryClient={createQueryClient()}>
        <AsOfBanner at={at} onBackToNow={() => {}} />
      </AppProviders>,
    );
    expect(screen.getByTestId('as-of-banner').textContent).toContain(`Sie sehen die Tabelle mit Stand vom ${formatDateTime(at, 'de')}`);
    expect(screen.getByRole('button', { name: 'Zurück zu jetzt' })).toBeTruthy();
  });
});
