import { RequestActionInputSchema, widgetByKey } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { alertFixture } from '@/test/alert-fixtures.ts';
import { requestActionBody } from './request-action.ts';

const ask = { requestedAction: 'ask' as const, actionComment: ' Which dose? ', limitDays: 0 };

describe('the body of POST /requestaction (spec 1, section 7)', () => {
  it('names an admission review by its group id in _internalID, other alerts by their number', () => {
    const review = alertFixture({ _internalID: 7 }, { admissionMedsGroupID: 'ADM-10106005' });
    const body = requestActionBody(widgetByKey('admissionMeds'), review, ask);
    expect(body).toEqual({
      requestedAction: 'ask',
      widget: 'AdmissionMeds',
      _internalID: 'ADM-10106005',
      _internalUUID: review._internalUUID,
      actionComment: 'Which dose?',
    });
    expect(RequestActionInputSchema.safeParse(body).success).toBe(true);

    const other = requestActionBody(widgetByKey('priorAuth'), alertFixture({ _internalID: 8 }), ask);
    expect(other).toMatchObject({
      widget: 'PriorAuth',
      _internalID: 8,
      _internalUUID: '00000000-0000-4000-8000-000000000008',
    });
    // A stored id that is not a UUID is left out rather than sent to be refused.
    const odd = requestActionBody(
      widgetByKey('priorAuth'),
      alertFixture({ _internalID: 9, _internalUUID: 'legacy-9' }),
      ask,
    );
    expect(odd).not.toHaveProperty('_internalUUID');
    expect(RequestActionInputSchema.safeParse({ ...other, _internalID: 'ADM-10106005' }).success).toBe(false);
  });
});
