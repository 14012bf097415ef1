import { render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { PageHeader } from './page-header';

describe('page header', () => {
  test('shows the title as the page heading, its description and its actions', () => {
    render(
      <PageHeader
        title="Tags"
        description="Label your documents."
        actions={<button type="button">Create</button>}
      />,
    );

    expect(screen.getByRole('heading', { level: 1, name: 'Tags' })).toBeInTheDocument();
    expect(screen.getByText('Label your documents.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create' })).toBeInTheDocument();
  });

  test('without actions, the title block is the whole header', () => {
    const { container } = render(<PageHeader title="Usage" description="What the organization uses." />);

    expect(container.firstElementChild).toHaveClass('grid', 'border-b');
    expect(container.firstElementChild?.firstElementChild).toHaveTextContent('Usage');
  });

  test('an action area with nothing in it yet keeps its row', () => {
    const { container } = render(<PageHeader title="API keys" actions={null} textClassName="max-w-2xl" />);

    expect(container.firstElementChild).toHaveClass('flex', 'border-b');
    expect(container.firstElementChild?.firstElementChild).toHaveClass('grid', 'max-w-2xl');
  });
});
