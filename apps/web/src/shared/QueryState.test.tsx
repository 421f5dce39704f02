import { ApiError } from '@stramien/api';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QueryState } from './QueryState';

const state = <T,>(over: { isPending?: boolean; isError?: boolean; error?: unknown; data?: T }) => ({
  isPending: false,
  isError: false,
  error: null,
  data: undefined,
  ...over,
});

describe('QueryState', () => {
  it('shows a spinner while loading', () => {
    render(<QueryState query={state({ isPending: true }) as never}>{() => 'data'}</QueryState>);
    expect(screen.getByLabelText('Loading…')).toBeTruthy();
  });

  it("shows the failure with the server's message", () => {
    render(
      <QueryState
        query={state({ isError: true, error: new ApiError(500, 'Database gone') }) as never}
        errorTitle="Users could not be loaded"
      >
        {() => 'data'}
      </QueryState>,
    );
    expect(screen.getByText('Users could not be loaded')).toBeTruthy();
  });

  it('shows the empty state for an empty list, and the data otherwise', () => {
    const { rerender } = render(
      <QueryState query={state({ data: [] as string[] }) as never} empty="Nothing here">
        {(rows: string[]) => rows.join(',')}
      </QueryState>,
    );
    expect(screen.getByText('Nothing here')).toBeTruthy();
    rerender(
      <QueryState query={state({ data: ['a', 'b'] }) as never} empty="Nothing here">
        {(rows: string[]) => rows.join(',')}
      </QueryState>,
    );
    expect(screen.getByText('a,b')).toBeTruthy();
  });
});
