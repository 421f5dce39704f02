import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n';
import { createQueryClient } from '../../shared/queryClient';
import { licenceOf, userOf } from '../../test/fixtures';
import { renderAt } from '../../test/renderWithRouter';
import { LicencesPage } from './LicencesPage';
import { identityKeys } from './session/queries';
import { storeToken } from './session/tokenStorage';

const showFor = (licences: ReturnType<typeof licenceOf>[]) => {
  storeToken('jwt-1', 3600);
  const queryClient = createQueryClient();
  queryClient.setQueryData(identityKeys.currentUser(), userOf({ licenses: licences }));
  renderAt(<LicencesPage />, { path: '/licenses', queryClient });
};

describe('LicencesPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  describe('when the account has one licence', () => {
    it('does not say "more than one licence"', async () => {
      showFor([licenceOf('l-1', 'Bouwbedrijf')]);
      expect((await screen.findByTestId('licence-count')).textContent).toBe('Your account works in one licence. Open it to continue.');
    });
  });

  describe('when the account has three licences', () => {
    it('counts them, in Dutch too', async () => {
      await i18n.changeLanguage('nl');
      showFor([licenceOf('l-1', 'A'), licenceOf('l-2', 'B'), licenceOf('l-3', 'C')]);
      expect((await screen.findByTestId('licence-count')).textContent).toBe(
        'Je account werkt in 3 licenties. Kies de omgeving die je wilt openen.',
      );
    });
  });
});
