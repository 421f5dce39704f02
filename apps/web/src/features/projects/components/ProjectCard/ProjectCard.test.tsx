import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../../test/renderWithRouter';
import { projectView } from '../../testing/fixtures';
import { ProjectCard, cardGradient } from './ProjectCard';

describe('ProjectCard', () => {
  it('lays the licence colour over the image at 0.8, 0.4 and 0 opacity', () => {
    expect(cardGradient('#d32f2f')).toBe(
      'linear-gradient(to top, rgba(211, 47, 47, 0.8) 0%, rgba(211, 47, 47, 0.4) 50%, rgba(211, 47, 47, 0) 100%)',
    );
    // no licence colour: the default #2e8be8
    expect(cardGradient(null)).toContain('rgba(46, 139, 232, 0.8)');
  });

  it('shows number and name, opens on click and on Enter', () => {
    const onOpen = vi.fn();
    renderAt(<ProjectCard project={projectView()} colour="#d32f2f" onOpen={onOpen} />, { path: '/' });
    const card = screen.getByTestId('project-card-2024-01-nieuwbouw');
    expect(card.textContent).toContain('2024-01');
    expect(card.textContent).toContain('Nieuwbouw');
    expect((screen.getByTestId('project-card-gradient') as HTMLElement).style.background).toContain('rgba(211, 47, 47, 0.8)');
    fireEvent.click(card);
    fireEvent.keyDown(card, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledTimes(2);
  });

  it('toggles the favourite star without opening the project', () => {
    const onOpen = vi.fn();
    const onToggle = vi.fn();
    renderAt(<ProjectCard project={projectView({ is_favorite: true })} colour={null} onOpen={onOpen} onToggleFavorite={onToggle} />, {
      path: '/',
    });
    const star = screen.getByRole('button', { name: 'Remove from favourites' });
    expect(star.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(star);
    expect(onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 'p-1' }));
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('marks an archived project and one the admin is not a member of', () => {
    renderAt(<ProjectCard project={projectView({ archived: true, is_member: false })} colour={null} onOpen={() => {}} />, { path: '/' });
    expect(screen.getByText('Archived')).toBeTruthy();
    expect(screen.getByText('Not a member')).toBeTruthy();
  });
});
