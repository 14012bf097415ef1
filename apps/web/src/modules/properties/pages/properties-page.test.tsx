import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { organizationHandlers } from '../../../test/organizations';
import {
  API_PROPERTIES,
  PROPERTIES_URL,
  propertiesHandlers,
  propertyFixture,
  statusProperty,
} from '../testing';

describe('properties page', () => {
  test('the organization settings list it, after General', async () => {
    mockApi({ ...organizationHandlers(), ...propertiesHandlers() }, { signedIn: true });
    renderApp(PROPERTIES_URL);

    const nav = (
      await screen.findAllByRole('navigation', { name: 'Organization settings' })
    )[0] as HTMLElement;
    const link = await within(nav).findByRole('link', { name: 'Properties' });
    expect(link).toHaveAttribute('aria-current', 'page');
    const names = within(nav)
      .getAllByRole('link')
      .map((item) => item.textContent);
    expect(names.indexOf('Properties')).toBe(names.indexOf('General') + 1);
  });

  test('offers an owner to create the first property when there is none', async () => {
    mockApi({ ...organizationHandlers(), ...propertiesHandlers() }, { signedIn: true });
    renderApp(PROPERTIES_URL);

    expect(await screen.findByRole('heading', { level: 1, name: 'Properties' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No properties yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'New property' })).toHaveLength(1);
  });

  test('lists each property with its type, options as chips and how many documents carry a value', async () => {
    mockApi(
      {
        ...organizationHandlers(),
        ...propertiesHandlers({
          properties: [propertyFixture({ documentsCount: 12 }), { ...statusProperty(), documentsCount: 1 }],
        }),
      },
      { signedIn: true },
    );
    renderApp(PROPERTIES_URL);

    const table = await screen.findByRole('table', { name: 'Properties' });
    const rows = within(table).getAllByRole('row');
    const amountRow = rows[1] as HTMLElement;
    const statusRow = rows[2] as HTMLElement;
    expect(amountRow).toHaveTextContent('Amount');
    expect(amountRow).toHaveTextContent('Total with taxes');
    expect(amountRow).toHaveTextContent('Amount of money');
    expect(amountRow).toHaveTextContent('Default currency EUR (€1,234.50)');
    expect(within(amountRow).getByText('12 documents have a value for Amount')).toBeInTheDocument();
    expect(statusRow).toHaveTextContent('Single select');
    const options = within(statusRow).getByRole('list', { name: 'Options of Status' });
    expect(
      within(options)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['To review', 'Done']);
    expect(within(statusRow).getByText('1 document has a value for Status')).toBeInTheDocument();
    expect(within(statusRow).getByRole('button', { name: 'Edit property Status' })).toBeInTheDocument();
    expect(within(statusRow).getByRole('button', { name: 'Delete property Status' })).toBeInTheDocument();
  });

  /** Opens the creation dialog, names the property, picks Multi select and adds the options. */
  async function startMultiSelect(user: ReturnType<typeof userEvent.setup>, options: string[]) {
    await user.click(await screen.findByRole('button', { name: 'New property' }));
    const dialog = await screen.findByRole('dialog', { name: 'New property' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.paste('Topics');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Multi select' }));
    const newOption = within(dialog).getByRole('textbox', { name: 'New option' });
    await user.click(newOption);
    for (const name of options) {
      await user.paste(name);
      await user.keyboard('{Enter}');
    }
    return { dialog, newOption };
  }

  const optionNames = (dialog: HTMLElement) =>
    within(within(dialog).getByRole('list', { name: 'Options' }))
      .getAllByRole('textbox')
      .map((input) => (input as HTMLInputElement).value);

  test('creates a multi select whose options are added with Enter, recoloured, and refused when named twice', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      { ...organizationHandlers(), ...propertiesHandlers({ properties: [propertyFixture()] }) },
      { signedIn: true },
    );
    renderApp(PROPERTIES_URL);

    const { dialog, newOption } = await startMultiSelect(user, ['Energy', 'Housing']);
    expect(within(dialog).getByText('Several options of a list, such as topics.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Default currency' })).not.toBeInTheDocument();
    // Enter added the options, it did not submit the form.
    expect(optionNames(dialog)).toEqual(['Energy', 'Housing']);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(newOption);
    await user.paste('energy');
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('Two options cannot have the same name.')).toBeInTheDocument();
    await user.clear(newOption);

    await user.click(within(dialog).getByRole('button', { name: 'Colour of Housing: Green' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Red' }));
    expect(within(dialog).getByRole('button', { name: 'Colour of Housing: Red' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Property "Topics" created')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST' && call.path === API_PROPERTIES)?.body).toEqual({
      name: 'Topics',
      type: 'multi_select',
      description: null,
      options: [
        { name: 'Energy', color: '#d8ff75' },
        { name: 'Housing', color: '#ff5c5c' },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Topics')).toBeInTheDocument();
  });

  test('options are reordered with Alt+arrows or the move buttons, and removed', async () => {
    const user = userEvent.setup();
    mockApi({ ...organizationHandlers(), ...propertiesHandlers() }, { signedIn: true });
    renderApp(PROPERTIES_URL);

    const { dialog } = await startMultiSelect(user, ['Energy', 'Housing', 'Health']);
    await user.click(within(dialog).getByRole('textbox', { name: 'Name of option 3' }));
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(optionNames(dialog)).toEqual(['Energy', 'Health', 'Housing']);
    await waitFor(() =>
      expect(within(dialog).getByRole('textbox', { name: 'Name of option 2' })).toHaveFocus(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Move Energy down' }));
    expect(optionNames(dialog)).toEqual(['Health', 'Energy', 'Housing']);
    expect(within(dialog).getByRole('button', { name: 'Move Health up' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Remove Energy' }));
    expect(optionNames(dialog)).toEqual(['Health', 'Housing']);
  });

  test('a monetary property is created with its default currency, upper-cased', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ ...organizationHandlers(), ...propertiesHandlers() }, { signedIn: true });
    renderApp(PROPERTIES_URL);

    await user.click(await screen.findByRole('button', { name: 'New property' }));
    const dialog = await screen.findByRole('dialog', { name: 'New property' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Total');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Amount of money' }));
    const currency = within(dialog).getByRole('combobox', { name: 'Default currency' });
    expect(currency).toHaveValue('EUR');
    await user.clear(currency);
    await user.type(currency, 'u');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('Enter a three-letter currency code, such as EUR.'),
    ).toBeInTheDocument();
    await user.type(currency, 'sd');
    expect(currency).toHaveAccessibleDescription('US Dollar');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Total',
      type: 'monetary',
      description: null,
      currency: 'USD',
    });
  });

  test('editing keeps the type fixed, renames, and sends the kept options with their ids', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      { ...organizationHandlers(), ...propertiesHandlers({ properties: [statusProperty()] }) },
      { signedIn: true },
    );
    renderApp(PROPERTIES_URL);

    await user.click(await screen.findByRole('button', { name: 'Edit property Status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit property' });
    expect(within(dialog).queryByRole('combobox', { name: 'Type' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Single select')).toBeInTheDocument();
    expect(within(dialog).getByText('Fixed after creation')).toBeInTheDocument();

    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Stage');
    const reviewName = within(dialog).getByRole('textbox', { name: 'Name of option 1' });
    await user.clear(reviewName);
    await user.type(reviewName, 'To check');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Done' }));
    expect(
      within(dialog).getByText('Removed options are taken off the documents that chose them when you save.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'New option' }), 'Archived{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Property "Stage" updated')).toBeInTheDocument();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe(`${API_PROPERTIES}/prop_status`);
    expect(patch?.body).toEqual({
      name: 'Stage',
      description: null,
      options: [
        { id: 'opt_review', name: 'To check', color: '#ffa24d' },
        { name: 'Archived', color: '#d8ff75' },
      ],
    });
  });

  test('a taken name shows the translated API error under the name', async () => {
    const user = userEvent.setup();
    mockApi(
      {
        ...organizationHandlers(),
        ...propertiesHandlers({
          properties: [propertyFixture()],
          createError: { status: 409, code: 'properties.already_exists' },
        }),
      },
      { signedIn: true },
    );
    renderApp(PROPERTIES_URL);

    await user.click(await screen.findByRole('button', { name: 'New property' }));
    const dialog = await screen.findByRole('dialog', { name: 'New property' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'amount');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(
      await within(dialog).findByText('A property with this name already exists in this organization.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
  });

  test('the limit reached shows the translated API error in the dialog', async () => {
    const user = userEvent.setup();
    mockApi(
      {
        ...organizationHandlers(),
        ...propertiesHandlers({
          properties: [propertyFixture()],
          createError: { status: 403, code: 'properties.limit_reached' },
        }),
      },
      { signedIn: true },
    );
    renderApp(PROPERTIES_URL);

    await user.click(await screen.findByRole('button', { name: 'New property' }));
    const dialog = await screen.findByRole('dialog', { name: 'New property' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Due date');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This organization has reached the maximum number of properties.',
    );
  });

  test('validates the name on submit and again on input, with its length limit', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({ ...organizationHandlers(), ...propertiesHandlers() }, { signedIn: true });
    renderApp(PROPERTIES_URL);

    await user.click(await screen.findByRole('button', { name: 'New property' }));
    const dialog = await screen.findByRole('dialog', { name: 'New property' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The name is required.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.paste('x'.repeat(65));
    expect(await within(dialog).findByText('The name must be at most 64 characters.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  test('deleting asks for confirmation, saying how many documents lose their value', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(
      {
        ...organizationHandlers(),
        ...propertiesHandlers({ properties: [propertyFixture({ documentsCount: 12 })] }),
      },
      { signedIn: true },
    );
    renderApp(PROPERTIES_URL);

    await user.click(await screen.findByRole('button', { name: 'Delete property Amount' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete the property "Amount"?' });
    expect(confirm).toHaveTextContent(
      '12 documents have a value for Amount; it will be removed from them. This cannot be undone.',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Property "Amount" deleted')).toBeInTheDocument();
    expect(
      calls.some((call) => call.method === 'DELETE' && call.path === `${API_PROPERTIES}/prop_amount`),
    ).toBe(true);
    expect(await screen.findByRole('heading', { name: 'No properties yet' })).toBeInTheDocument();
  });

  test('a member sees the properties read-only', async () => {
    const { calls } = mockApi(
      {
        ...organizationHandlers({ role: 'member' }),
        ...propertiesHandlers({ properties: [propertyFixture({ documentsCount: 3 })] }),
      },
      { signedIn: true },
    );
    renderApp(PROPERTIES_URL);

    const table = await screen.findByRole('table', { name: 'Properties' });
    expect(
      await screen.findByText(
        'Only owners and admins can define properties. You can set their values on each document.',
      ),
    ).toBeInTheDocument();
    expect(within(table).getByText('Amount')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New property' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit property/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete property/ })).not.toBeInTheDocument();
    expect(calls.every((call) => call.method === 'GET')).toBe(true);
  });
});
