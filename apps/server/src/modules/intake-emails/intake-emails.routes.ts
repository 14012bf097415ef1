import { intakeEmailsEndpoints } from '@sheaf/contracts/intake-emails';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../shared/app.types';
import type { EndpointOptions, EndpointRoutesFactory } from '../../shared/endpoint-routes';
import { getMembership } from '../organizations/organizations.middleware';
import { createIntakeEmailsDisabledError } from './intake-emails.errors';
import type { IntakeEmailsUsecases } from './intake-emails.usecases';

/**
 * Intake addresses (accounts spec §7): owners and admins manage them, members read; sessions only
 * (API keys get 403). The membership is checked first, so a non-member learns nothing; then, with
 * INTAKE_EMAILS_IS_ENABLED off, every route answers 403 `intake_emails.disabled`.
 */
export function createIntakeEmailsRoutes({
  intakeEmails,
  routes,
  isEnabled,
}: {
  routes: EndpointRoutesFactory;
  intakeEmails: IntakeEmailsUsecases;
  isEnabled: boolean;
}) {
  // After the membership guard (`before` runs after it), so a non-member still gets auth.forbidden.
  const requireEnabled: EndpointOptions = {
    before: [
      createMiddleware<AppEnv>(async (_c, next) => {
        if (!isEnabled) throw createIntakeEmailsDisabledError();
        await next();
      }),
    ],
  };
  const ids = (c: Context<AppEnv>, params: { intakeEmailId: string }) => ({
    organizationId: getMembership(c).organizationId,
    intakeEmailId: params.intakeEmailId,
  });

  return routes()
    .on(
      intakeEmailsEndpoints.list,
      async ({ c }) => ({
        status: 200,
        body: {
          intakeEmails: await intakeEmails.listIntakeEmails({
            organizationId: getMembership(c).organizationId,
          }),
        },
      }),
      requireEnabled,
    )
    .on(
      intakeEmailsEndpoints.create,
      async ({ c }) => ({
        status: 201,
        body: {
          intakeEmail: await intakeEmails.createIntakeEmail({
            organizationId: getMembership(c).organizationId,
          }),
        },
      }),
      requireEnabled,
    )
    .on(
      intakeEmailsEndpoints.update,
      async ({ c, params, body }) => ({
        status: 200,
        body: { intakeEmail: await intakeEmails.updateIntakeEmail({ ...ids(c, params), changes: body }) },
      }),
      requireEnabled,
    )
    .on(
      intakeEmailsEndpoints.delete,
      async ({ c, params }) => {
        await intakeEmails.deleteIntakeEmail(ids(c, params));
        return { status: 204 };
      },
      requireEnabled,
    )
    .on(
      intakeEmailsEndpoints.listMessages,
      async ({ c, params }) => ({
        status: 200,
        body: { messages: await intakeEmails.listMessages(ids(c, params)) },
      }),
      requireEnabled,
    ).router;
}
