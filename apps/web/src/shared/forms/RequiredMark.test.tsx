import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RequiredMark } from './RequiredMark';

describe('RequiredMark', () => {
  it("shows the asterisk with its title at once, and Blueprint's tooltip 'Required field' once a pointer reaches it", async () => {
    render(<RequiredMark />);
    const mark = screen.getByTitle('Required field');
    expect(mark.textContent).toBe('*');
    expect(screen.queryByText('Required field')).toBeNull();
    fireEvent.pointerEnter(mark);
    // the tooltip's chunk loads, and it opens for the pointer that is still there
    expect(await screen.findByText('Required field')).toBeTruthy();
    expect(document.querySelector('.bp6-tooltip')).not.toBeNull();
  });
});
