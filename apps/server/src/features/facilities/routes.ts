import {
  ApiErrorBodySchema,
  ENDPOINTS,
  FacilitiesAnswerSchema,
  FacilityAnswerSchema,
  int4IdText,
  PharmaciesAnswerSchema,
  RolesAnswerSchema,
  RolesQuerySchema,
} from '@portal/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { facilityAccess, pharmacyAccess } from '../../platform/access.ts';
import { currentUser, requireActiveUser } from '../../platform/auth.ts';
import { LIST_COMPRESSION } from '../../platform/compression.ts';
import { notFound } from '../../platform/errors.ts';
import { facilitiesWithSettings, findRoles, toMap } from './queries.ts';

const refusals = {
  400: ApiErrorBodySchema,
  401: ApiErrorBodySchema,
  403: ApiErrorBodySchema,
  404: ApiErrorBodySchema,
};

const VERSIONS_NOTE =
  "facilitySettingsVersions holds each settings widget's version (highCost, highCostAlerts): sent back as a save's " +
  'settingsVersion (POST /facilitysetting), it has the save refused with a 409 when that widget changed since.';

/** Facilities, pharmacies and roles as the viewer may see them (reference/api.md, "Shapes"). */
export async function facilitiesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', requireActiveUser);

  app.get(
    ENDPOINTS.facilities,
    {
      compress: LIST_COMPRESSION,
      schema: {
        tags: ['facilities'],
        summary: "The viewer's facilities with role, permissions and settings",
        description: VERSIONS_NOTE,
        response: { 200: FacilitiesAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const access = await facilityAccess(app.db, currentUser(request));
      const facilities = await facilitiesWithSettings(app.db, access);
      return { facilities: facilities.sort((a, b) => a.facName.localeCompare(b.facName)) };
    },
  );

  app.get(
    ENDPOINTS.facility,
    {
      schema: {
        tags: ['facilities'],
        summary: 'One facility the viewer may see (404 otherwise)',
        description: VERSIONS_NOTE,
        params: z.strictObject({ facID: int4IdText() }),
        response: { 200: FacilityAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const access = await facilityAccess(app.db, currentUser(request), [request.params.facID]);
      const [facility] = await facilitiesWithSettings(app.db, access);
      if (!facility) throw notFound('No such facility.');
      return { facility };
    },
  );

  app.get(
    ENDPOINTS.pharmacies,
    {
      compress: LIST_COMPRESSION,
      schema: {
        tags: ['facilities'],
        summary: "The viewer's pharmacies with their facilities and permissions",
        response: { 200: PharmaciesAnswerSchema, ...refusals },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const [pharmacies, facilities] = await Promise.all([
        pharmacyAccess(app.db, user),
        facilityAccess(app.db, user),
      ]);
      return {
        pharmacies: pharmacies.map((p) => ({
          pharmID: p.pharmId,
          pharmName: p.name,
          pharmState: p.state,
          userRole: p.role,
          facilities: facilities
            .filter((f) => f.pharmId === p.pharmId)
            .map((f) => ({ facID: f.facId, facName: f.name, facState: f.state, userRole: f.role })),
          userPermissions: toMap(p.userPermissions),
          pharmPermissions: toMap(p.pharmPermissions),
        })),
      };
    },
  );

  app.get(
    ENDPOINTS.roles,
    {
      schema: {
        tags: ['facilities'],
        summary: 'Role options of the pharmacy or the facility side',
        querystring: RolesQuerySchema,
        response: { 200: RolesAnswerSchema, ...refusals },
      },
    },
    async (request) => ({ roles: await findRoles(app.db, request.query.entity) }),
  );
}
