import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { QueryStates, type StatesQuery } from './query-states';

function renderStates(query: Partial<StatesQuery<string[]>>) {
  const full: StatesQuery<string[]> = {
    data: undefined,
    isPending: false,
    isError: false,
    error: null,
    refetch: vi.fn(),
    ...query,
  };
  renderWithProviders(
    <QueryStates query={full} isEmpty={(data) => data.length === 0} empty={<p>Nothing yet</p>}>
      {(data) => (
        <ul aria-label="Items">
          {data.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryStates>,
  );
  return full;
}

describe('query states', () => {
  test('a spinner while the data loads', () => {
    renderStates({ isPending: true });

    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  test('a failure shows its message and Try again refetches', async () => {
    const query = renderStates({ isError: true, error: new Error('boom') });

    expect(screen.getByRole('alert')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(query.refetch).toHaveBeenCalledOnce();
  });

  test('empty data shows the empty state', () => {
    renderStates({ data: [] });
    expect(screen.getByText('Nothing yet')).toBeInTheDocument();
  });

  test('loaded data shows the content', () => {
    renderStates({ data: ['a', 'b'] });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText('Nothing yet')).not.toBeInTheDocument();
  });
});
