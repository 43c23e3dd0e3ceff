import { describe, expect, it } from 'vitest';
import { alertFixture } from '@/test/alert-fixtures.ts';
import { admissionReviewDocument } from './admission-review.ts';
import { narcoticsListDocument, narcoticsTicketDocument } from './narcotics.ts';
import { pumpPickupListDocument } from './pump-pickup-list.ts';

const now = new Date('2026-11-22T10:00:00Z');

describe('pump pickup list', () => {
  it('lists each alert with its pump fields and counts them', () => {
    const alerts = [
      alertFixture(
        { patName: 'Hale, Dorothy', room: '12', bed: 'A' },
        {
          serialNumber: 'SN-1',
          parentRxNumber: 'RX-P1',
          comment: 'Bag at station',
          dispensedOn: null,
          cutoffOn: null,
        },
      ),
      alertFixture({ patName: 'Ng, Ava', facName: 'Oak Ridge' }, { serialNumber: 'SN-2' }),
    ];
    const doc = pumpPickupListDocument(alerts, now);
    expect(doc.rows[0]).toEqual([
      'Hale, Dorothy',
      '12/A',
      alerts[0]?.drugLabelName,
      'SN-1',
      'RX-P1',
      '',
      '',
      'Bag at station',
    ]);
    expect(doc.facilities).toEqual(['Meadowbrook Care Center', 'Oak Ridge']);
    expect(doc.totals).toEqual([{ label: 'Total pumps', value: '2' }]);
    expect(doc.facts).toEqual([]);
  });

  it('says the sheet is not the whole list when the list has more alerts than are loaded', () => {
    const doc = pumpPickupListDocument([alertFixture(), alertFixture()], now, 179);
    expect(doc.rows).toHaveLength(2);
    expect(doc.totals).toEqual([{ label: 'Total pumps', value: '2 of 179' }]);
    expect(doc.facts).toEqual([
      {
        label: 'Not printed',
        value: "177 more alerts, not loaded on screen (load them with 'Show more...' to print them)",
      },
    ]);
  });
});

describe('narcotics', () => {
  const alert = alertFixture(
    { patName: 'Hale, Dorothy', qty: 30 },
    {
      physicianName: 'Dr. Osei',
      totalQtyPrescribed: 90,
      fills: 2,
      rxNumber: 'RX77',
      createdAt: '2026-11-01T09:00:00Z',
    },
  );

  it('puts the quantity remaining (total minus fills times qty) on each list row', () => {
    const doc = narcoticsListDocument([alert], now);
    const row = doc.rows[0] ?? [];
    expect(row[4]).toBe('Dr. Osei');
    expect(row.slice(5, 8)).toEqual(['90', '2', '30']);
    expect(doc.totals).toEqual([{ label: 'Total narcotics alerts', value: '1' }]);
  });

  it('says the sheet is not the whole list when the list has more alerts than are loaded', () => {
    const doc = narcoticsListDocument([alert], now, 2);
    expect(doc.totals).toEqual([{ label: 'Total narcotics alerts', value: '1 of 2' }]);
    expect(doc.facts[0]?.value).toMatch(/^1 more alert, not loaded on screen/);
  });

  it('leaves the remaining quantity blank when a number is missing', () => {
    const doc = narcoticsListDocument(
      [alertFixture({ qty: null }, { totalQtyPrescribed: 90, fills: 2 })],
      now,
    );
    expect(doc.rows[0]?.[7]).toBe('');
  });

  it('makes a one-alert ticket with a signature line', () => {
    const doc = narcoticsTicketDocument(alert, now);
    expect(doc.fileName).toBe('narcotics-ticket-RX77.pdf');
    expect(doc.facts).toContainEqual({ label: 'Quantity remaining', value: '30' });
    expect(doc.hasSignature).toBe(true);
  });
});

describe('admission review', () => {
  it('lists the meds and files the server grand total', () => {
    const alert = alertFixture(
      { patName: 'Castellano, Lorraine' },
      {
        admissionMedsGroupID: 'ADM-1',
        admDate: '2026-11-08',
        sumTtlPrice: 1234.5,
        totalMeds: 2,
        admissionMedsDetailsList: [
          { rxNo: 'R1', drug: 'Memantine', dispenseDt: null, daysSupply: 30, qty: 60, ttlPrice: 1000 },
          { rxNo: 'R2', drug: 'Levothyroxine', dispenseDt: null, daysSupply: 30, qty: 30, ttlPrice: 234.5 },
        ],
      },
    );
    const doc = admissionReviewDocument(alert, now);
    expect(doc.fileName).toBe('admission-review-ADM-1.pdf');
    expect(doc.rows[0]).toEqual(['R1', 'Memantine', '', '30', '60', '$1,000.00']);
    expect(doc.totals).toEqual([
      { label: 'Total meds', value: '2' },
      { label: 'Grand total', value: '$1,234.50' },
    ]);
  });
});
