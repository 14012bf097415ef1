import { updateIntakeEmailSchema } from '@sheaf/contracts/intake-emails';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../shared/app.types';
import type { EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { parseJsonBody } from '../../shared/validation';
import { getMembership, type RequireOrganizationMember } from '../organizations/organizations.middleware';
import { createIntakeEmailsDisabledError } from './intake-emails.errors';
import type { IntakeEmailsUsecases } from './intake-emails.usecases';

const BASE = '/organizations/:organizationId/intake-emails';

/**
 * Intake addresses (accounts spec §7): owners and admins manage them, members read; sessions only
 * (API keys get 403). The membership is checked first, so a non-member learns nothing; then, with
 * INTAKE_EMAILS_IS_ENABLED off, every route answers 403 `intake_emails.disabled`.
 */
export function createIntakeEmailsRoutes({
  intakeEmails,
  requireOrganizationMember,
  isEnabled,
}: {
  /** Binds handlers to catalogue endpoints (the modules not bound yet ignore it). */
  routes: EndpointRoutesFactory;
  intakeEmails: IntakeEmailsUsecases;
  requireOrganizationMember: RequireOrganizationMember;
  isEnabled: boolean;
}) {
  const requireEnabled = createMiddleware<AppEnv>(async (_c, next) => {
    if (!isEnabled) throw createIntakeEmailsDisabledError();
    await next();
  });
  const reader = [requireOrganizationMember(), requireEnabled] as const;
  const manager = [requireOrganizationMember({ roles: ['owner', 'admin'] }), requireEnabled] as const;
  const ids = (c: Parameters<typeof getMembership>[0]) => ({
    organizationId: getMembership(c).organizationId,
    intakeEmailId: c.req.param('intakeEmailId') ?? '',
  });

  return new Hono<AppEnv>()
    .get(BASE, ...reader, async (c) =>
      c.json({
        intakeEmails: await intakeEmails.listIntakeEmails({
          organizationId: getMembership(c).organizationId,
        }),
      }),
    )
    .post(BASE, ...manager, async (c) => {
      const intakeEmail = await intakeEmails.createIntakeEmail({
        organizationId: getMembership(c).organizationId,
      });
      return c.json({ intakeEmail }, 201);
    })
    .put(`${BASE}/:intakeEmailId`, ...manager, async (c) => {
      const changes = await parseJsonBody(c, updateIntakeEmailSchema);
      return c.json({ intakeEmail: await intakeEmails.updateIntakeEmail({ ...ids(c), changes }) });
    })
    .delete(`${BASE}/:intakeEmailId`, ...manager, async (c) => {
      await intakeEmails.deleteIntakeEmail(ids(c));
      return c.body(null, 204);
    })
    .get(`${BASE}/:intakeEmailId/messages`, ...reader, async (c) =>
      c.json({ messages: await intakeEmails.listMessages(ids(c)) }),
    );
}
