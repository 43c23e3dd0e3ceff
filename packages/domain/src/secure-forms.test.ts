import { describe, expect, it } from 'vitest';
import {
  buildFormLink,
  CONTRACTOR_VACCINE_FORM,
  facilityForms,
  formSet,
  pharmacyForms,
  pharmacyFormsRegion,
} from './secure-forms.ts';

/** The link's address and its query as a map (the domain has no URL type). */
function parse(link: string) {
  const [address = '', query = ''] = link.split('?');
  const params = new Map(
    query.split('&').map((pair) => {
      const [k = '', v = ''] = pair.split('=');
      return [k, decodeURIComponent(v)] as const;
    }),
  );
  return { address, params };
}

const prefill = {
  facilityName: 'Meadowbrook Care Center',
  userName: 'Nora Nurse',
  today: '11/23/2026',
  state: 'NJ',
  title: 'RN',
};

describe('buildFormLink', () => {
  it('prefills facility name, user name and date at the forms service', () => {
    const [otc] = formSet('SPRX');
    if (!otc) throw new Error('no form');
    const { address, params } = parse(buildFormLink('https://forms.test/base/', otc, prefill));
    expect(address).toBe('https://forms.test/base/SPRX/otc-override');
    expect(params.get('facilityName')).toBe('Meadowbrook Care Center');
    expect(params.get('userName')).toBe('Nora Nurse');
    expect(params.get('date')).toBe('11/23/2026');
    expect(params.has('state')).toBe(false);
    expect(params.has('title')).toBe(false);
  });

  it('adds state and title for the contractor form only', () => {
    const { params } = parse(buildFormLink('https://forms.test', CONTRACTOR_VACCINE_FORM, prefill));
    expect(params.get('state')).toBe('NJ');
    expect(params.get('title')).toBe('RN');
  });
});

describe('facilityForms', () => {
  it.each([
    ['sprx', 'NJ', 5],
    ['upny', 'NY', 4],
    ['ohio', 'OH', 4],
    ['fln', 'FL', 4],
    ['nowhere', 'NY', 0],
    ['nowhere', 'NJ', 1],
  ])('%s in %s has %i forms', (pharmID, facState, count) => {
    expect(facilityForms({ pharmID, facState })).toHaveLength(count);
  });

  it('gives every set the four forms', () => {
    expect(formSet('ALRX').map((f) => f.label)).toEqual([
      'OTC Override Authorization',
      'Out on Pass Medication',
      'Reorder Medication',
      'Vaccine Request',
    ]);
  });
});

describe('pharmacyFormsRegion', () => {
  it.each([
    ['fll', 'FLL'],
    ['flw', 'FLW'],
    ['ohio', 'OH'],
    ['parx', 'NY'],
    ['sprx', 'NJ'],
    ['upny', 'NY'],
    ['alrx', 'AL'],
    ['other', 'NY'],
  ])('%s is %s', (pharmID, region) => {
    expect(pharmacyFormsRegion(pharmID)).toBe(region);
    expect(pharmacyForms(pharmID)[0]?.path.startsWith(`${region}/`)).toBe(true);
  });
});
