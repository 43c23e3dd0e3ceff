import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { useSchemaForm } from '@/hooks/use-schema-form.ts';
import { SelectFormField } from './select-form-field.tsx';

const schema = z.object({ role: z.string().min(1, 'Select a role'), note: z.string().min(1, 'Add a note') });

function Harness({ onSave }: { onSave: (values: z.output<typeof schema>) => void }) {
  const { form } = useSchemaForm(schema, { role: '', note: '' });
  return (
    <MantineProvider env="test">
      <form onSubmit={form.handleSubmit(onSave)} noValidate>
        <SelectFormField control={form.control} name="role" label="Role" data={['Nurse', 'DON']} required />
        <input aria-label="Note" {...form.register('note')} />
        <button type="submit">Save</button>
      </form>
    </MantineProvider>
  );
}

describe('SelectFormField', () => {
  it('shows the field error under the select until an option is chosen, then submits the choice', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Harness onSave={onSave} />);
    const select = screen.getByLabelText(/^Role/, { selector: 'input' });
    expect(select).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Select a role')).toBeInTheDocument();
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Note'), 'x');
    await user.click(select);
    await user.click(await screen.findByRole('option', { name: 'DON' }));
    expect(screen.queryByText('Select a role')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ role: 'DON', note: 'x' }, expect.anything());
  });

  it('puts the cursor in the select when it is the first field left empty, so the form can focus it', async () => {
    const user = userEvent.setup();
    render(<Harness onSave={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Select a role')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Role/, { selector: 'input' })).toHaveFocus();
  });
});
