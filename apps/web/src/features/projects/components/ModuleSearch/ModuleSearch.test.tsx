import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../../test/renderWithRouter';
import { moduleView } from '../../testing/fixtures';
import { ModuleName } from './ModuleName';
import { ModuleSearch } from './ModuleSearch';
import { accessibleModules } from './moduleGroups';

const modules = [
  moduleView({ id: 'project-gantt', name: 'Project Gantt', category: 'planning' }),
  moduleView({ id: 'build-order', name: 'Build Order', category: 'planning' }),
  moduleView({ id: 'gis-viewer', name: 'Map Viewer', category: 'models', route: 'gis-viewer' }),
  moduleView({ id: 'fourd', name: '4D Planning', category: 'planning', accessible: false }),
  moduleView({ id: 'long', name: 'A module with a name that is far too long to show', category: 'analysis' }),
];

describe('ModuleSearch', () => {
  it('shows only accessible modules, sorted by name', () => {
    expect(accessibleModules(modules).map((m) => m.id)).toEqual(['long', 'build-order', 'gis-viewer', 'project-gantt']);
  });

  it('groups them by category and opens a module page', () => {
    const { router } = renderAt(<ModuleSearch modules={modules} slug="p-1" />, { path: '/project/:slug', url: '/project/p-1' });
    const planning = screen.getByTestId('module-category-planning');
    expect(within(planning).getByText('Planning')).toBeTruthy();
    fireEvent.click(within(planning).getByText('Planning'));
    const names = within(planning)
      .getAllByTestId(/^module-/)
      .map((b) => b.textContent);
    expect(names).toEqual(['Build Order', 'Project Gantt']);
    expect(screen.queryByTestId('module-fourd')).toBeNull();
    fireEvent.click(screen.getByTestId('module-build-order'));
    expect(router.state.location.pathname).toBe('/project/p-1/module/build-order');
  });

  it("narrows by the search text and says 'No options found' when nothing matches", () => {
    renderAt(<ModuleSearch modules={modules} slug="p-1" />, { path: '/' });
    fireEvent.change(screen.getByLabelText('Search modules'), { target: { value: 'map' } });
    expect(screen.getByTestId('module-gis-viewer')).toBeTruthy();
    expect(screen.queryByTestId('module-build-order')).toBeNull();
    fireEvent.change(screen.getByLabelText('Search modules'), { target: { value: 'zzz' } });
    expect(screen.getByText('No options found')).toBeTruthy();
  });

  it('truncates names over 30 characters to 27 and an ellipsis', () => {
    renderAt(<ModuleName name="A module with a name that is far too long to show" />, { path: '/' });
    expect(screen.getByText('A module with a name that i...')).toBeTruthy();
  });
});
