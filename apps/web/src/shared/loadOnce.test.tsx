import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadOnce, preload, useLoadedWhen } from './loadOnce';

const deferred = <T,>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
};

describe('loadOnce', () => {
  it('runs a load once for every caller, and again after a failure', async () => {
    const first = deferred<string>();
    const load = vi.fn(() => first.promise);
    const a = loadOnce(load);
    preload(load);
    expect(loadOnce(load)).toBe(a);
    first.reject(new Error('offline'));
    await expect(a).rejects.toThrow('offline');
    load.mockImplementation(() => Promise.resolve('loaded'));
    await expect(loadOnce(load)).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

const Panel = () => <p>the panel</p>;

describe('useLoadedWhen', () => {
  it('loads a panel when it is first wanted and keeps it mounted after', async () => {
    const gate = deferred<typeof Panel>();
    const load = vi.fn(() => gate.promise);
    const Slot = ({ open }: { open: boolean }) => {
      const Loaded = useLoadedWhen(load, open);
      return Loaded ? <Loaded /> : null;
    };
    const { rerender } = render(<Slot open={false} />);
    expect(load).not.toHaveBeenCalled();
    rerender(<Slot open />);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('the panel')).toBeNull();
    await act(async () => gate.resolve(Panel));
    expect(screen.getByText('the panel')).toBeTruthy();
    rerender(<Slot open={false} />);
    expect(screen.getByText('the panel')).toBeTruthy();
  });

  it('renders a preloaded panel with its first opening, without waiting', async () => {
    const load = vi.fn(() => Promise.resolve(Panel));
    await loadOnce(load);
    const Slot = ({ open }: { open: boolean }) => {
      const Loaded = useLoadedWhen(load, open);
      return Loaded ? <Loaded /> : null;
    };
    const { rerender } = render(<Slot open={false} />);
    expect(screen.queryByText('the panel')).toBeNull();
    rerender(<Slot open />);
    expect(screen.getByText('the panel')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
