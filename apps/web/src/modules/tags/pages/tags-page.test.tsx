import type { TagDto } from '@sheaf/contracts/tags';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { mockApi, renderApp } from '../../../test/app';
import { API_TAGS, documentsHandlers, tagFixture } from '../../../test/documents';
import { ORGANIZATION_ID, organizationHandlers } from '../../../test/organizations';
import { jsonResponse } from '../../../test/render';

const TAGS_URL = `/organizations/${ORGANIZATION_ID}/tags`;

/** A tags API over a list the handlers change, as the server would. */
function tagsApi(initial: TagDto[] = []) {
  let tags = [...initial];
  return {
    ...organizationHandlers(),
    ...documentsHandlers(),
    [`GET ${API_TAGS}`]: () => jsonResponse({ tags }),
    [`POST ${API_TAGS}`]: ({ body }: { body: unknown }) => {
      const input = body as Pick<TagDto, 'name' | 'color' | 'description'>;
      if (tags.some((tag) => tag.name === input.name)) {
        return jsonResponse(
          { error: { code: 'tags.already_exists', message: 'Tag already exists' } },
          { status: 409 },
        );
      }
      const tag = tagFixture({ id: `tag_${tags.length + 1}`, ...input });
      tags = [...tags, tag];
      return jsonResponse({ tag }, { status: 201 });
    },
    ...Object.fromEntries(
      initial.flatMap((initialTag) => [
        [
          `PUT ${API_TAGS}/${initialTag.id}`,
          ({ body }: { body: unknown }) => {
            const tag = { ...initialTag, ...(body as object) };
            tags = tags.map((candidate) => (candidate.id === tag.id ? tag : candidate));
            return jsonResponse({ tag });
          },
        ],
        [
          `DELETE ${API_TAGS}/${initialTag.id}`,
          () => {
            tags = tags.filter((candidate) => candidate.id !== initialTag.id);
            return new Response(null, { status: 204 });
          },
        ],
      ]),
    ),
  };
}

describe('tags page', () => {
  test('shows an empty state with a create-tag call to action when there are no tags', async () => {
    mockApi(tagsApi(), { signedIn: true });
    renderApp(TAGS_URL);

    expect(await screen.findByRole('heading', { level: 1, name: 'Tags' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'No tags yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Create tag' })).toHaveLength(1);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  test('lists each tag with its description, a documents link filtered by it and its actions', async () => {
    mockApi(
      tagsApi([
        tagFixture({ documentsCount: 3 }),
        tagFixture({ id: 'tag_2', name: 'Housing', color: '#7cc7ff', description: null, documentsCount: 1 }),
      ]),
      { signedIn: true },
    );
    renderApp(TAGS_URL);

    const table = await screen.findByRole('table', { name: 'Tags' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByText('Bills to pay or archive').length).toBeGreaterThan(0);
    expect(within(table).getByRole('link', { name: '3 documents tagged Invoices' })).toHaveAttribute(
      'href',
      `/organizations/${ORGANIZATION_ID}/documents?tags=tag_1`,
    );
    expect(within(table).getByRole('link', { name: '1 document tagged Housing' })).toHaveAttribute(
      'href',
      `/organizations/${ORGANIZATION_ID}/documents?tags=tag_2`,
    );
    expect(within(table).getByRole('button', { name: 'Edit tag Housing' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Delete tag Housing' })).toBeInTheDocument();
    expect(within(table).getAllByText(/ago$/)).toHaveLength(2);
  });

  test('validates on submit and again on input, with the length limits in the messages', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(tagsApi(), { signedIn: true });
    renderApp(TAGS_URL);

    await user.click(await screen.findByRole('button', { name: 'Create tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create tag' });
    expect(within(dialog).getByRole('radio', { name: 'Light green' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('The name is required.')).toBeInTheDocument();

    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.click(name);
    await user.paste('x'.repeat(65));
    expect(await within(dialog).findByText('The name must be fewer than 64 characters.')).toBeInTheDocument();
    await user.keyboard('{Backspace}');
    await waitFor(() =>
      expect(within(dialog).queryByText(/The name must be fewer than/)).not.toBeInTheDocument(),
    );

    await user.click(within(dialog).getByRole('textbox', { name: 'Description' }));
    await user.paste('y'.repeat(257));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('The description must be fewer than 256 characters.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  test('refuses a tag name with a control character, with its message, and sends nothing', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(tagsApi(), { signedIn: true });
    renderApp(TAGS_URL);

    await user.click(await screen.findByRole('button', { name: 'Create tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create tag' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.paste('Nul\u0000Tag');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Control characters are not allowed.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  test('creates a tag with a custom hex colour, sent lower-cased, ignoring invalid input', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(tagsApi(), { signedIn: true });
    renderApp(TAGS_URL);

    await user.click(await screen.findByRole('button', { name: 'Create tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create tag' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Invoices');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Bills');

    await user.click(within(dialog).getByRole('button', { name: 'Custom colour' }));
    const hex = await screen.findByRole('textbox', { name: 'Hex colour' });
    await user.clear(hex);
    await user.paste('#7CC7FG');
    expect(within(dialog).getByRole('radio', { name: 'Light green' })).toBeChecked();
    await user.clear(hex);
    await user.paste('#7CC7FF');
    expect(within(dialog).getByRole('radio', { name: 'Light blue' })).toBeChecked();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Create tag' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Tag "Invoices" created')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { name: 'Invoices', color: '#7cc7ff', description: 'Bills' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('table', { name: 'Tags' })).toBeInTheDocument();
  });

  test('a custom colour from an rgb() notation is sent as lower-case hex', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(tagsApi(), { signedIn: true });
    renderApp(TAGS_URL);

    await user.click(await screen.findByRole('button', { name: 'Create tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create tag' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Receipts');
    await user.click(within(dialog).getByRole('button', { name: 'Custom colour' }));
    const hex = await screen.findByRole('textbox', { name: 'Hex colour' });
    expect(hex).toHaveAttribute('placeholder', '#000000');
    await user.clear(hex);
    await user.paste('rgb(18, 52, 86)');
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Tag "Receipts" created')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Receipts',
      color: '#123456',
      description: null,
    });
  });

  test('the hue, saturation and lightness sliders change the colour', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(tagsApi(), { signedIn: true });
    renderApp(TAGS_URL);

    await user.click(await screen.findByRole('button', { name: 'Create tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create tag' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Red');
    await user.click(within(dialog).getByRole('radio', { name: 'Red' }));
    await user.click(within(dialog).getByRole('button', { name: 'Custom colour' }));
    const hue = await screen.findByRole('slider', { name: 'Hue' });
    expect(hue).toHaveValue('0');
    fireEvent.change(hue, { target: { value: '210' } });
    fireEvent.change(screen.getByRole('slider', { name: 'Saturation' }), { target: { value: '100' } });
    fireEvent.change(screen.getByRole('slider', { name: 'Lightness' }), { target: { value: '50' } });
    expect(screen.getByRole('textbox', { name: 'Hex colour' })).toHaveValue('#0080ff');
    expect(within(dialog).getByRole('radio', { name: 'Red' })).not.toBeChecked();
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await screen.findByText('Tag "Red" created');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ color: '#0080ff' });
  });

  test('a duplicate name shows the readable error in a toast and keeps the dialog open', async () => {
    const user = userEvent.setup();
    mockApi(tagsApi([tagFixture()]), { signedIn: true });
    renderApp(TAGS_URL);

    await user.click(await screen.findByRole('button', { name: 'Create tag' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create tag' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Invoices');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(
      await screen.findByText('A tag with this name already exists for this organization.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create tag' })).toBeInTheDocument();
  });

  test('edits a tag in the update dialog', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(tagsApi([tagFixture()]), { signedIn: true });
    renderApp(TAGS_URL);

    await user.click(await screen.findByRole('button', { name: 'Edit tag Invoices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update tag' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Invoices');
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue(
      'Bills to pay or archive',
    );
    expect(within(dialog).getByRole('radio', { name: 'Light green' })).toBeChecked();

    await user.clear(name);
    await user.type(name, 'Bills');
    await user.click(within(dialog).getByRole('radio', { name: 'Purple' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Description' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Tag "Bills" updated')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      name: 'Bills',
      color: '#a77bff',
      description: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Edit tag Bills' })).toBeInTheDocument();
  });

  test('deletes a tag after confirmation, and cancelling changes nothing', async () => {
    const user = userEvent.setup();
    const { calls } = mockApi(tagsApi([tagFixture()]), { signedIn: true });
    renderApp(TAGS_URL);

    await user.click(await screen.findByRole('button', { name: 'Delete tag Invoices' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Delete this tag?' });
    expect(within(confirm).getByText(/"Invoices" will be removed/)).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete tag Invoices' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Delete this tag?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Tag deleted')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `${API_TAGS}/tag_1`,
    ]);
    expect(await screen.findByRole('heading', { name: 'No tags yet' })).toBeInTheDocument();
  });
});
