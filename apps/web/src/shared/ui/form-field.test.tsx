import { zodResolver } from '@hookform/resolvers/zod';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { renderWithProviders } from '../../test/render';
import { Button } from './button';
import { FormField } from './form-field';
import { Input } from './input';

const schema = z.object({
  name: z.string().trim().min(3, 'Organization name must be at least 3 characters'),
  code: z.string().refine((value) => value === 'ok', { message: '' }),
});

function TestForm() {
  const form = useForm({
    resolver: zodResolver(schema),
    defaultValues: { name: '', code: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  return (
    <form onSubmit={form.handleSubmit(() => {})} noValidate>
      <FormField
        control={form.control}
        name="name"
        label="Name"
        description="Shown to members."
        render={({ field, controlProps }) => <Input {...field} {...controlProps} />}
      />
      <FormField
        control={form.control}
        name="code"
        label="Code"
        render={({ field, controlProps }) => <Input {...field} {...controlProps} />}
      />
      <Button type="submit">Save</Button>
    </form>
  );
}

describe('form field', () => {
  test('shows the error under the field after submit, linked to the control, and clears it on input', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TestForm />);

    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveAccessibleDescription('Shown to members.');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Organization name must be at least 3 characters')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(
      'Shown to members. Organization name must be at least 3 characters',
    );

    await user.type(input, 'Acme');
    expect(screen.queryByText('Organization name must be at least 3 characters')).not.toBeInTheDocument();
  });

  test('an error without a message shows the generic unknown error text', async () => {
    const user = userEvent.setup();
    renderWithProviders(<TestForm />);

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('An unknown error has occurred.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAccessibleDescription(
      'An unknown error has occurred.',
    );
  });
});
