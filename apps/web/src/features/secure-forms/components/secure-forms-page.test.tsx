import { ENDPOINTS, FacilitiesAnswerSchema } from '@portal/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settableFacility } from '@/test/facility-fixtures.ts';
import { FakeApi, ok } from '@/test/fake-api.ts';
import { nurse } from '@/test/fixtures.ts';
import { renderApp } from '@/test/render-app.tsx';

function install() {
  const facilities = [
    settableFacility(),
    settableFacility({ facID: 201, facName: 'Lakeside Nursing Home', pharmID: 'upny', facState: 'NY' }),
  ];
  new FakeApi()
    .signedIn('tok', nurse())
    .on('GET', ENDPOINTS.facilities, () => ok(FacilitiesAnswerSchema, { facilities }))
    .install();
}

describe('SecureFormsPage', () => {
  it('filters by state card and sorts the facility table', async () => {
    install();
    const { user } = renderApp('/secureForms', { token: 'tok' });
    await screen.findByText('Lakeside Nursing Home', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: /New York/ }));
    expect(screen.queryByText('Meadowbrook Care Center')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /All States/ }));
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    const names = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell')[1]?.textContent);
    expect(names).toEqual(['Meadowbrook Care Center', 'Lakeside Nursing Home']);
  });

  it('opens the forms of ?faciID= with prefilled links in a new tab, the contractor form in NJ', async () => {
    install();
    renderApp('/secureForms?faciID=101', { token: 'tok' });
    const dialog = await screen.findByRole(
      'dialog',
      { name: /Forms for Meadowbrook Care Center/ },
      { timeout: 5000 },
    );
    const links = within(dialog).getAllByRole('link');
    expect(links).toHaveLength(5);
    const otc = within(dialog).getByRole('link', { name: /OTC Override Authorization/ });
    expect(otc).toHaveAttribute('target', '_blank');
    expect(otc).toHaveAttribute('rel', 'noopener noreferrer');
    const href = otc.getAttribute('href') ?? '';
    expect(href.startsWith('https://forms-service.example/SPRX/otc-override?')).toBe(true);
    expect(href).toContain('facilityName=Meadowbrook%20Care%20Center');
    expect(href).toContain('userName=Nora%20Nurse');
    const contractor = within(dialog).getByRole('link', { name: /Contractor/ });
    expect(contractor.getAttribute('href')).toContain('state=NJ');
    expect(contractor.getAttribute('href')).toContain('title=RN');
  });

  it.each([
    ['a facility that is not the viewer’s', '301'],
    ['no facility at all', '999999'],
    ['a value that is not a facility id', 'abc'],
  ])('says so for ?faciID= of %s, alike, and leaves the page usable', async (_name, faciID) => {
    install();
    const { user, router } = renderApp(`/secureForms?faciID=${faciID}`, { token: 'tok' });
    await screen.findByText('Lakeside Nursing Home', {}, { timeout: 5000 });
    const notice = await screen.findByRole('alert');
    // The same words for one that exists elsewhere and one that does not: the page reveals neither.
    expect(notice).toHaveTextContent(/^That facility is not one of yours/);
    expect(notice).not.toHaveTextContent(faciID);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Forms for Meadowbrook Care Center' }));
    expect(
      await screen.findByRole('dialog', { name: /Forms for Meadowbrook Care Center/ }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?faciID=101');
  });

  it('lets the notice be dismissed, taking the facility out of the address', async () => {
    install();
    const { user, router } = renderApp('/secureForms?faciID=301', { token: 'tok' });
    const notice = await screen.findByRole('alert', {}, { timeout: 5000 });
    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
