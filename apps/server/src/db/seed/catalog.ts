/**
 * Made-up vocabulary for the seeded data: resident names, drugs with plausible strengths and prices, prescribers,
 * nursing stations. Real generic drug names so the screens read like a pharmacy's; every price and person invented.
 */

// biome-ignore format: a word list reads better packed
export const FIRST_NAMES = [
  'Dorothy', 'Harold', 'Evelyn', 'Walter', 'Margaret', 'Eugene', 'Ruth', 'Raymond', 'Helen', 'Frank',
  'Frances', 'Albert', 'Mildred', 'Louis', 'Gloria', 'Howard', 'Irene', 'Stanley', 'Bernice', 'Clarence',
  'Lorraine', 'Vincent', 'Joan', 'Ernest', 'Shirley', 'Arthur', 'Marion', 'Leonard', 'Alice', 'Theodore',
] as const;

// biome-ignore format: a word list reads better packed
export const LAST_NAMES = [
  'Abernathy', 'Bellamy', 'Castellano', 'Donnelly', 'Esposito', 'Fairbanks', 'Gallagher', 'Hendricks',
  'Iverson', 'Jablonski', 'Kowalczyk', 'Lindqvist', 'Marchetti', 'Novak', "O'Rourke", 'Pellegrino',
  'Quintero', 'Rasmussen', 'Szymanski', 'Thibodeaux', 'Underwood', 'Valentini', 'Whitaker', 'Yamamoto',
  'Zielinski', 'Brennan', 'Caruso', 'DeLuca', 'Fitzgerald', 'Greenberg',
] as const;

/** A drug as the seed uses it: label name, the usual quantity and days supply, and a made-up unit price. */
export interface SeedDrug {
  readonly label: string;
  readonly qty: number;
  readonly daysSupply: number;
  readonly unitPrice: number;
  readonly sig: string;
  /** DEA schedule, '' when not controlled. */
  readonly deaClass: string;
}

const drug = (label: string, qty: number, daysSupply: number, unitPrice: number, sig: string, dea = '') =>
  ({ label, qty, daysSupply, unitPrice, sig, deaClass: dea }) as const satisfies SeedDrug;

/** Drugs whose cost triggers authorization and high cost alerts. */
export const HIGH_COST_DRUGS: readonly SeedDrug[] = [
  drug('Apixaban 5 mg tablet', 60, 30, 9.85, 'Take 1 tablet by mouth twice daily'),
  drug('Rivaroxaban 20 mg tablet', 30, 30, 18.4, 'Take 1 tablet by mouth daily with evening meal'),
  drug('Enoxaparin 40 mg/0.4 mL syringe', 14, 14, 21.75, 'Inject 40 mg subcutaneously once daily'),
  drug('Insulin glargine 100 unit/mL pen', 15, 30, 27.6, 'Inject 20 units subcutaneously at bedtime'),
  drug('Linezolid 600 mg tablet', 28, 14, 48.3, 'Take 1 tablet by mouth every 12 hours'),
  drug('Sacubitril/valsartan 49-51 mg tablet', 60, 30, 10.9, 'Take 1 tablet by mouth twice daily'),
  drug('Empagliflozin 10 mg tablet', 30, 30, 19.95, 'Take 1 tablet by mouth every morning'),
  drug('Tiotropium 18 mcg inhalation capsule', 30, 30, 14.2, 'Inhale contents of 1 capsule daily'),
  drug('Dabigatran 150 mg capsule', 60, 30, 8.6, 'Take 1 capsule by mouth twice daily'),
  drug('Fluticasone/salmeterol 250-50 mcg inhaler', 60, 30, 6.45, 'Inhale 1 puff twice daily'),
];

/** Everyday drugs for the other widgets and the totes. */
export const COMMON_DRUGS: readonly SeedDrug[] = [
  drug('Metoprolol tartrate 25 mg tablet', 60, 30, 0.12, 'Take 1 tablet by mouth twice daily'),
  drug('Lisinopril 10 mg tablet', 30, 30, 0.09, 'Take 1 tablet by mouth daily'),
  drug('Atorvastatin 40 mg tablet', 30, 30, 0.21, 'Take 1 tablet by mouth at bedtime'),
  drug('Levothyroxine 50 mcg tablet', 30, 30, 0.35, 'Take 1 tablet by mouth daily before breakfast'),
  drug('Donepezil 10 mg tablet', 30, 30, 0.4, 'Take 1 tablet by mouth at bedtime'),
  drug('Memantine 10 mg tablet', 60, 30, 0.55, 'Take 1 tablet by mouth twice daily'),
  drug('Furosemide 40 mg tablet', 30, 30, 0.08, 'Take 1 tablet by mouth every morning'),
  drug('Omeprazole 20 mg capsule', 30, 30, 0.18, 'Take 1 capsule by mouth daily before breakfast'),
  drug('Sertraline 50 mg tablet', 30, 30, 0.14, 'Take 1 tablet by mouth daily'),
  drug('Amlodipine 5 mg tablet', 30, 30, 0.07, 'Take 1 tablet by mouth daily'),
  drug('Gabapentin 300 mg capsule', 90, 30, 0.16, 'Take 1 capsule by mouth three times daily'),
  drug('Quetiapine 25 mg tablet', 60, 30, 0.22, 'Take 1 tablet by mouth twice daily'),
  drug('Senna 8.6 mg tablet', 60, 30, 0.04, 'Take 2 tablets by mouth at bedtime'),
  drug('Warfarin 5 mg tablet', 30, 30, 0.11, 'Take as directed per INR'),
];

/** Controlled drugs for the narcotics refill widget. */
export const NARCOTIC_DRUGS: readonly SeedDrug[] = [
  drug(
    'Oxycodone 5 mg tablet',
    120,
    30,
    0.62,
    'Take 1 tablet by mouth every 6 hours as needed for pain',
    'C2',
  ),
  drug(
    'Hydrocodone/acetaminophen 5-325 mg tablet',
    90,
    30,
    0.38,
    'Take 1 tablet every 8 hours as needed',
    'C2',
  ),
  drug('Morphine sulfate ER 15 mg tablet', 60, 30, 1.1, 'Take 1 tablet by mouth every 12 hours', 'C2'),
  drug('Fentanyl 25 mcg/hr patch', 10, 30, 9.4, 'Apply 1 patch every 72 hours', 'C2'),
  drug('Lorazepam 0.5 mg tablet', 60, 30, 0.2, 'Take 1 tablet by mouth twice daily as needed', 'C4'),
  drug('Tramadol 50 mg tablet', 90, 30, 0.15, 'Take 1 tablet every 8 hours as needed for pain', 'C4'),
];

/** Infusions delivered through an ambulatory pump, for the pump pickup widget. */
export const PUMP_DRUGS: readonly SeedDrug[] = [
  drug('Vancomycin 1 g/200 mL IV bag', 14, 7, 24.5, 'Infuse 1 g IV every 12 hours via CADD pump'),
  drug('Ceftriaxone 2 g/50 mL IV bag', 10, 10, 18.75, 'Infuse 2 g IV daily via pump'),
  drug('Morphine 1 mg/mL PCA cassette 100 mL', 3, 9, 64.0, 'Continuous infusion per pain protocol', 'C2'),
  drug('Ertapenem 1 g/50 mL IV bag', 7, 7, 71.2, 'Infuse 1 g IV daily via pump'),
];

// biome-ignore format: a word list reads better packed
export const PRESCRIBERS = [
  'Dr. Anjali Mehta', 'Dr. Thomas Reilly', 'Dr. Grace Oyelaran', 'Dr. Samuel Hirsch', 'Dr. Elena Vasquez',
  'Dr. Michael Chen', 'Dr. Rebecca Stein', 'Dr. Kwame Boateng',
] as const;

/** Nursing stations of a facility: id and name. */
export const NURSING_STATIONS = [
  { id: 'NS1', name: '1 West' },
  { id: 'NS2', name: '2 East' },
  { id: 'NS3', name: 'Memory Care' },
  { id: 'NS4', name: 'Short-Term Rehab' },
] as const;

/** Facility staff names for generated discussion entries. */
// biome-ignore format: a word list reads better packed
export const FACILITY_STAFF = [
  'Angela Brooks, RN', 'Marcus Lee, LPN', 'Sofia Ramirez, RN', 'Janet Kowalski, DON', 'Tyrone Hughes, RN',
] as const;

/** A resident: name as pharmacy systems print it, id, station, room and bed. */
export interface SeedPatient {
  readonly patName: string;
  readonly patId: string;
  readonly nsid: string;
  readonly nsName: string;
  readonly room: string;
  readonly bed: string;
}

/** A made-up resident drawn from the generator. */
export function makePatient(rng: { pick<T>(items: readonly T[]): T; int(a: number, b: number): number }) {
  const station = rng.pick(NURSING_STATIONS);
  const floor = Number(station.id.slice(2));
  return {
    patName: `${rng.pick(LAST_NAMES)}, ${rng.pick(FIRST_NAMES)}`,
    patId: `P${rng.int(100_000, 999_999)}`,
    nsid: station.id,
    nsName: station.name,
    room: String(floor * 100 + rng.int(1, 40)),
    bed: rng.pick(['A', 'B']),
  } satisfies SeedPatient;
}
