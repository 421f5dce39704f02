import { ApiError, MAINTENANCE_HEADER } from '@stramien/api';
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../shared/i18n';
import { renderAt } from '../../test/renderWithRouter';
import { MaintenancePage, type MaintenanceCalls } from './MaintenancePage';
import { maintenanceHeaders, readMaintenanceToken } from './maintenanceToken';

const calls = (over: Partial<MaintenanceCalls> = {}): MaintenanceCalls => ({
  status: async () => ({ enabled: true }),
  requestToken: async (secret) => {
    if (secret !== 'Maint#Secret-42') throw new ApiError(422, 'The maintenance secret is not correct.', { secret: ['x'] });
    return { token: 'maintenance-token-1', lifetime_ms: 600_000 };
  },
  ...over,
});

const enter = (secret: string, button = 'Continue', label = 'Maintenance secret') => {
  fireEvent.change(screen.getByLabelText(label), { target: { value: secret } });
  fireEvent.click(screen.getByRole('button', { name: button }));
};

describe('MaintenancePage', () => {
  it('exchanges the secret for a maintenance token, keeps it 10 minutes, sends it, and returns to the redirect', async () => {
    const before = Date.now();
    renderAt(<MaintenancePage calls={calls()} />, { path: '/maintenance', url: '/maintenance?redirect=%2Fbuild' });
    enter('Maint#Secret-42');
    expect((await screen.findByTestId('location')).textContent).toBe('/build');
    expect(readMaintenanceToken()).toBe('maintenance-token-1');
    expect(Number(localStorage.getItem('stramien.maintenanceTokenExpiresAt'))).toBeGreaterThanOrEqual(before + 600_000);
    expect(maintenanceHeaders()).toEqual({ [MAINTENANCE_HEADER]: 'maintenance-token-1' });
    expect(readMaintenanceToken(Date.now() + 600_001)).toBeNull();
  });

  it('says so when the secret is wrong, and stays', async () => {
    renderAt(<MaintenancePage calls={calls()} />, { path: '/maintenance' });
    enter('guess');
    expect((await screen.findByTestId('maintenance-error')).textContent).toBe('The maintenance secret is not correct.');
    expect(screen.queryByTestId('location')).toBeNull();
    expect(readMaintenanceToken()).toBeNull();
  });

  it('offers to continue when maintenance is over', async () => {
    renderAt(<MaintenancePage calls={calls({ status: async () => ({ enabled: false }) })} />, {
      path: '/maintenance',
      url: '/maintenance?redirect=%2Fbuild',
    });
    await screen.findByTestId('maintenance-over');
    fireEvent.click(screen.getByRole('button', { name: 'Continue to Stramien' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/build');
  });

  it('speaks Dutch and German', async () => {
    await act(() => changeLanguage('nl'));
    renderAt(<MaintenancePage calls={calls()} />, { path: '/maintenance' });
    expect(screen.getByLabelText('Onderhoudsgeheim')).toBeTruthy();
    enter('guess', 'Doorgaan', 'Onderhoudsgeheim');
    expect((await screen.findByTestId('maintenance-error')).textContent).toBe('Het onderhoudsgeheim is niet juist.');
    await act(() => changeLanguage('de'));
    expect(screen.getByText('Das Wartungsgeheimnis ist nicht korrekt.')).toBeTruthy();
  });
});
